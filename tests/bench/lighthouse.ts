// `npm run bench:lighthouse`: goal 4 of `npm run bench` alone (see lighthouse-runs.ts), with its verdict.
import { runLighthouse } from './lighthouse-runs.ts';

const { perfect, total } = await runLighthouse();
console.log(`\nGoal: 100 in all four categories, every page, every run: ${perfect}/${total} runs, ${perfect === total ? 'PASS' : 'FAIL'}`);
