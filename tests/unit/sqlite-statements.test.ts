import SQLite from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';

import { withPreparedStatements } from '#app/db/dialect.server.ts';

describe('SQLite prepared statements kept by query text', () => {
  const open = () => {
    const sqlite = new SQLite(':memory:');
    sqlite.exec('create table t (id integer primary key, name text)');
    const prepare = vi.spyOn(sqlite, 'prepare');
    return { sqlite, prepare, database: withPreparedStatements(sqlite, 3) };
  };

  it('prepares a text once and runs it again with other parameters', () => {
    const { prepare, database } = open();
    const insert = 'insert into t (name) values (?)';
    database.prepare(insert).run(['a']);
    database.prepare(insert).run(['b']);
    const select = 'select name from t where id = ?';
    expect(database.prepare(select).all([1])).toEqual([{ name: 'a' }]);
    expect(database.prepare(select).all([2])).toEqual([{ name: 'b' }]);
    expect(prepare).toHaveBeenCalledTimes(2);
  });

  it('prepares a fresh statement while the kept one is still being iterated', () => {
    const { prepare, database } = open();
    database.prepare('insert into t (name) values (?)').run(['a']);
    database.prepare('insert into t (name) values (?)').run(['b']);
    const select = 'select name from t order by id';
    const rows = database.prepare(select).iterate([]) as IterableIterator<{ name: string }>;
    expect(rows.next().value).toEqual({ name: 'a' });
    expect(database.prepare(select).all([])).toEqual([{ name: 'a' }, { name: 'b' }]);
    expect(rows.next().value).toEqual({ name: 'b' });
    expect(prepare).toHaveBeenCalledTimes(3);
  });

  it('keeps at most the bound, dropping the least recently used text', () => {
    const { prepare, database } = open();
    for (const id of [1, 2, 3, 4]) database.prepare(`select ${id} as n`).all([]);
    database.prepare('select 4 as n').all([]);
    expect(prepare).toHaveBeenCalledTimes(4);
    database.prepare('select 1 as n').all([]);
    expect(prepare).toHaveBeenCalledTimes(5);
  });

  it('sees a column added after the statement was kept (a migration)', () => {
    const { sqlite, database } = open();
    database.prepare('insert into t (name) values (?)').run(['a']);
    expect(database.prepare('select * from t').all([])).toEqual([{ id: 1, name: 'a' }]);
    sqlite.exec("alter table t add column role text not null default 'editor'");
    expect(database.prepare('select * from t').all([])).toEqual([{ id: 1, name: 'a', role: 'editor' }]);
  });
});
