/**
 * The only script public pages load (they are server-rendered and not hydrated, see
 * app/lib/static-pages.ts): small enhancements over HTML that already works without it.
 * - the mobile menu button and the header's submenus;
 * - after the first frame, the rest of the page is laid out (see app.css), then a hash in the address
 *   scrolls smoothly to its section;
 * - an article's view is counted one second after it is shown, cancelled when the visitor leaves;
 * - the contact form checks the shared rules on submit (then on every change) and shows errors inline;
 * - the language switch remembers the choice in localStorage too;
 * - an article's comments: Reply fills the form's parent without a page load, the button is disabled while sending,
 *   and the relative dates are counted again from now (a cached page may be hours old).
 * Bundled on its own by Vite (`?worker&url` in app/root.tsx): it loads from our origin, so the
 * Content-Security-Policy needs no inline script for it.
 */
import { LANGUAGE_STORAGE_KEY } from '#app/i18n/languages.ts';
import { relativeTime } from '#app/lib/relative-time.ts';
import { hashTargetId } from '#app/lib/url-hash.ts';
import { CONTACT_FIELDS, type ContactErrors, validateContact } from '#app/schemas/contact.ts';

const VIEW_DELAY_MS = 1000;
const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

function mobileMenu() {
  const button = document.querySelector<HTMLButtonElement>('[data-menu-toggle]');
  const menu = document.getElementById('mobile-menu');
  if (!button || !menu) return;
  const set = (open: boolean) => {
    menu.dataset.open = String(open);
    button.setAttribute('aria-expanded', String(open));
    const label = open ? button.dataset.labelClose : button.dataset.labelOpen;
    if (label) button.setAttribute('aria-label', label);
  };
  button.addEventListener('click', () => set(menu.dataset.open !== 'true'));
  // A link inside the menu (often to a section of this page) closes it.
  menu.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) set(false);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && menu.dataset.open === 'true') {
      set(false);
      button.focus();
    }
  });
}

/** Header items with children: the toggle button opens them; leaving by focus or Escape closes them. */
function submenus() {
  for (const button of document.querySelectorAll<HTMLButtonElement>('header button[aria-controls^="submenu-"]')) {
    const item = button.closest('li');
    if (!item) continue;
    const set = (open: boolean, dismissed = false) => {
      item.dataset.open = String(open);
      item.dataset.dismissed = String(dismissed);
      button.setAttribute('aria-expanded', String(open));
    };
    button.addEventListener('click', () => set(item.dataset.open !== 'true'));
    item.addEventListener('mouseleave', () => (item.dataset.dismissed = 'false'));
    item.addEventListener('focusout', (event) => {
      if (!item.contains(event.relatedTarget as Node | null)) set(false);
    });
    item.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape') return;
      set(false, true);
      button.focus();
    });
  }
}

function scrollToHash() {
  // A malformed hash ("/#%") must not throw: the enhancements after this one would never run.
  const id = hashTargetId(window.location.hash);
  if (!id) return;
  document.getElementById(id)?.scrollIntoView({ behavior: reducedMotion() ? 'auto' : 'smooth' });
}

function countView() {
  const article = document.querySelector<HTMLElement>('[data-view-url]');
  const url = article?.dataset.viewUrl;
  const id = article?.dataset.postId;
  if (!url || !id) return;
  const controller = new AbortController();
  const timer = window.setTimeout(() => {
    fetch(url, { method: 'POST', body: new URLSearchParams({ id }), signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<{ views: number | null }>) : null))
      .then((result) => {
        const label = document.querySelector<HTMLElement>('[data-views-template]');
        const text = label?.querySelector('[data-views-text]');
        if (label && text && typeof result?.views === 'number') {
          const count = String(result.views);
          const singular = (label.dataset.viewsSingular ?? '').split(' ').includes(count);
          text.textContent = (singular ? label.dataset.viewsTemplateOne! : label.dataset.viewsTemplate!).replace('{count}', count);
        }
      })
      .catch(() => {});
  }, VIEW_DELAY_MS);
  // Leaving within the second (or being put in the back/forward cache) does not count.
  window.addEventListener('pagehide', () => {
    window.clearTimeout(timer);
    controller.abort();
  });
}

function contactForm() {
  const form = document.querySelector<HTMLFormElement>('form[data-contact-form]');
  if (!form) return;
  // The form posts to `/?index#contact` (React Router's address of the home page's action). Once the answer is
  // shown, the address bar says the home page again, and reloading asks for the page rather than sending again.
  if (window.location.search === '?index') window.history.replaceState(null, '', `/${window.location.hash}`);
  const messages = JSON.parse(form.dataset.messages ?? '{}') as Record<string, string>;
  let checking = form.dataset.invalid === 'true';

  const show = (errors: ContactErrors) => {
    for (const field of CONTACT_FIELDS) {
      const input = form.elements.namedItem(field) as HTMLInputElement | HTMLTextAreaElement | null;
      if (!input) continue;
      const errorId = `contact-${field}-error`;
      document.getElementById(errorId)?.remove();
      const described = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id && id !== errorId);
      const error = errors[field];
      if (error) {
        const message = document.createElement('p');
        message.id = errorId;
        message.className = 'mt-1 text-sm text-red-700';
        message.textContent = messages[error] ?? error;
        // Under the field, or under its hint when it has one.
        (document.getElementById(`contact-${field}-hint`) ?? input).insertAdjacentElement('afterend', message);
        input.setAttribute('aria-invalid', 'true');
        described.push(errorId);
      } else {
        input.removeAttribute('aria-invalid');
      }
      if (described.length) input.setAttribute('aria-describedby', described.join(' '));
      else input.removeAttribute('aria-describedby');
    }
    // The server's "please correct" banner belongs to its own answer, not to these checks.
    form.querySelector('[data-contact-failure]')?.remove();
  };
  const check = () => {
    const result = validateContact(Object.fromEntries(new FormData(form)));
    show(result.ok ? {} : result.errors);
    return result;
  };

  form.addEventListener('submit', (event) => {
    checking = true;
    const result = check();
    if (!result.ok) {
      event.preventDefault();
      const first = CONTACT_FIELDS.find((field) => result.errors[field]);
      if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (button) {
      // Disabled after this event, so the browser still sends the form.
      window.setTimeout(() => {
        button.disabled = true;
        if (form.dataset.sending) button.textContent = form.dataset.sending;
      });
    }
  });
  form.addEventListener('input', () => checking && check());
}

function comments() {
  for (const time of document.querySelectorAll<HTMLTimeElement>('time[data-relative-time]')) {
    const text = relativeTime(time.dateTime, Date.now(), document.documentElement.lang || 'en');
    if (text) time.textContent = text;
  }
  const form = document.querySelector<HTMLFormElement>('form[data-comment-form]');
  if (!form) return;
  const parent = form.elements.namedItem('parentId') as HTMLInputElement;
  const banner = form.querySelector<HTMLElement>('[data-reply-banner]')!;
  const replyTo = (id: string, name: string) => {
    parent.value = id;
    banner.hidden = !id;
    banner.querySelector('[data-reply-label]')!.textContent = (form.dataset.replyTemplate ?? '').replace('{name}', name);
  };
  document.addEventListener('click', (event) => {
    const link = (event.target as Element).closest<HTMLElement>('[data-reply-to],[data-cancel-reply]');
    if (!link) return;
    event.preventDefault();
    replyTo(link.dataset.replyTo ?? '', link.dataset.replyName ?? '');
    if (link.dataset.replyTo) {
      form.scrollIntoView({ behavior: reducedMotion() ? 'auto' : 'smooth' });
      form.querySelector<HTMLElement>('#comment-body')?.focus({ preventScroll: true });
    }
  });
  form.addEventListener('submit', () => {
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    // Disabled after this event, so the browser still sends the form.
    window.setTimeout(() => {
      if (!button) return;
      button.disabled = true;
      button.textContent = form.dataset.sending ?? button.textContent;
    });
  });
}

function languageSwitch() {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-language-switch]')) {
    form.addEventListener('submit', () => {
      try {
        localStorage.setItem(LANGUAGE_STORAGE_KEY, String(new FormData(form).get('language') ?? ''));
      } catch {
        // Storage can be disabled; the cookie still carries the choice.
      }
    });
  }
}

// Hands the mobile menu from its script-free fallback (app.css) to the button.
document.documentElement.dataset.enhanced = '';
mobileMenu();
submenus();
// After the first frame, the part of the page app.css left for later is laid out, then a hash is followed.
requestAnimationFrame(() =>
  setTimeout(() => {
    document.documentElement.dataset.painted = '';
    scrollToHash();
  }),
);
countView();
contactForm();
comments();
languageSwitch();
