/**
 * jsdom computes an element's style by matching it against every rule of every sheet, through
 * nwsapi, which keeps its compiled selectors in a cache of 1000. antd injects several thousand
 * rules, matched in the same order each time: the cache never hits, and every getComputedStyle
 * compiles every selector again (most of the time of a test that renders antd screens, since
 * Testing Library's role queries and the editors ask for styles all the time).
 *
 * This puts a cheap, exact pre-check in front: a selector can only match an element that has
 * every class named in the last compound of one of its branches (`.a .b.c:hover` needs `b` and
 * `c`). When no branch can match, the answer is false without asking nwsapi; otherwise nwsapi
 * answers as before. Only the rules that may apply reach nwsapi, and those fit in its cache.
 * Selectors the pre-check does not read (escapes, namespaces, unbalanced text) go to nwsapi as is.
 */

/** The classes a branch's last compound requires, or null when the branch is not read here. */
type Branch = readonly string[] | null;

const IDENT = /[-\w\u00a0-\uffff]/;

/** Splits at `separator` characters outside brackets, parentheses and quotes (null if unbalanced). */
const splitTopLevel = (text: string, isSeparator: (char: string) => boolean): string[] | null => {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') {
      if (--depth < 0) return null;
    } else if (depth === 0 && isSeparator(char)) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (depth !== 0 || quote) return null;
  parts.push(text.slice(start));
  return parts;
};

const isCombinator = (char: string): boolean => /[\s>+~]/.test(char);

/** The classes required by the last compound of one branch (`a > .b.c:not(.d)` → b, c). */
const lastCompoundClasses = (branch: string): Branch => {
  const compounds = splitTopLevel(branch.trim(), isCombinator);
  const last = compounds?.[compounds.length - 1];
  if (!last || last.includes('|')) return null;
  const classes: string[] = [];
  let depth = 0;
  let quote = '';
  for (let i = 0; i < last.length; i++) {
    const char = last[i]!;
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (depth === 0 && char === '.') {
      let end = i + 1;
      while (end < last.length && IDENT.test(last[end]!)) end++;
      if (end === i + 1) return null;
      classes.push(last.slice(i + 1, end));
      i = end - 1;
    }
  }
  return classes;
};

const branchesOf = new Map<string, Branch[] | null>();

const readSelector = (selector: string): Branch[] | null => {
  let branches = branchesOf.get(selector);
  if (branches === undefined) {
    const parts = selector.includes('\\') ? null : splitTopLevel(selector, (char) => char === ',');
    branches = parts ? parts.map(lastCompoundClasses) : null;
    branchesOf.set(selector, branches);
  }
  return branches;
};

/** The element's classes, remembered for the element last asked about (rules come in a row). */
let lastElement: Element | undefined;
let lastClassName: string | null = null;
let lastClasses = new Set<string>();

const classesOf = (element: Element): Set<string> => {
  const className = element.getAttribute('class');
  if (element !== lastElement || className !== lastClassName) {
    lastElement = element;
    lastClassName = className;
    lastClasses = new Set(className ? className.split(/[\t\n\f\r ]+/) : []);
  }
  return lastClasses;
};

/** True when no branch of the selector can match the element; false when nwsapi must say. */
const cannotMatch = (selector: unknown, element: Element): boolean => {
  // rules without a selector (@keyframes, @font-face) are nwsapi's to turn down
  if (typeof selector !== 'string') return false;
  const branches = readSelector(selector);
  if (!branches) return false;
  const classes = classesOf(element);
  return branches.every((branch) => branch !== null && branch.some((name) => !classes.has(name)));
};

interface Matcher {
  match: (selector: unknown, element: Element, callback?: unknown) => boolean;
}

const PREFILTERED = Symbol.for('crudboard.tests.selectorPrefilter');

/** Installs the pre-check on the document's style matcher (once per document). */
export const prefilterStyleMatching = (window: Window): void => {
  const { document } = window;
  if (document.compatMode !== 'CSS1Compat') return;
  const impl = Object.getOwnPropertySymbols(document).find((symbol) => symbol.description === 'impl');
  if (!impl) return;
  const documentImpl = (document as unknown as Record<symbol, Record<string, Matcher | undefined>>)[impl]!;
  // jsdom makes the matcher on the first style computation
  window.getComputedStyle(document.documentElement);
  const matcher = documentImpl._nwsapiDontThrow as (Matcher & { [PREFILTERED]?: true }) | undefined;
  if (!matcher || matcher[PREFILTERED]) return;
  const { match } = matcher;
  matcher.match = (selector, element, callback) =>
    cannotMatch(selector, element) ? false : match(selector, element, callback);
  matcher[PREFILTERED] = true;
};
