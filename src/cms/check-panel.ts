/**
 * The content check in the editing UI: under `npm run cms` src/content/check/integration.ts
 * injects it, and the screen `npm start` serves imports it (src/editing-screen/screen.ts). After
 * every save the whole of content/ is checked and the result shown here; a panel in the bottom corner lists each problem (file, line, field, what to write)
 * and each warning, as `npm run content:check` words them. It never covers the form: it sits in
 * the corner, its list scrolls, and it folds to one line.
 */
import { REPORT_EVENT, REPORT_PATH, type CheckReport } from '../content/check/report';

const STYLE = `
#content-check{position:fixed;left:1rem;bottom:1rem;z-index:2147483000;width:min(34rem,calc(100vw - 2rem));
  max-height:40vh;display:flex;flex-direction:column;font:14px/1.4 system-ui,sans-serif;color:#1a1a1a;
  background:#fff;border:2px solid #b3261e;border-radius:8px;box-shadow:0 4px 16px rgb(0 0 0/.2)}
#content-check[data-state=ok]{border-color:#1e6b34;width:auto}
#content-check ul:empty{display:none}
#content-check[data-state=warn]{border-color:#8a5a00}
#content-check header{display:flex;gap:.5rem;align-items:center;justify-content:space-between;padding:.5rem .75rem}
#content-check h2{font-size:14px;margin:0}
#content-check button{font:inherit;padding:.25rem .6rem;border:1px solid #555;border-radius:4px;background:#f4f4f4;color:#1a1a1a;cursor:pointer}
#content-check ul{margin:0;padding:0 .75rem .75rem 1.75rem;overflow:auto}
#content-check li{margin:.25rem 0;overflow-wrap:anywhere}
#content-check[data-folded] ul{display:none}
`;

function headingOf({ problems, warnings }: CheckReport): string {
  if (problems.length)
    return `Content check: ${problems.length === 1 ? '1 problem' : `${problems.length} problems`} to fix before publishing`;
  if (warnings.length)
    return `Content check: no problems; ${warnings.length === 1 ? '1 thing' : `${warnings.length} things`} to update`;
  return 'Content check: no problems';
}

export function show(report: CheckReport) {
  let panel = document.getElementById('content-check');
  if (!panel) {
    const style = document.createElement('style');
    style.textContent = STYLE;
    document.head.append(style);
    panel = document.createElement('aside');
    panel.id = 'content-check';
    panel.setAttribute('aria-labelledby', 'content-check-heading');
    panel.innerHTML =
      '<header><h2 id="content-check-heading" role="status"></h2><button type="button" aria-expanded="true">Hide</button></header><ul></ul>';
    const button = panel.querySelector('button')!;
    button.addEventListener('click', () => {
      const folded = panel!.toggleAttribute('data-folded');
      button.textContent = folded ? 'Show' : 'Hide';
      button.setAttribute('aria-expanded', String(!folded));
    });
    document.body.append(panel);
  }
  const { problems, warnings } = report;
  panel.dataset.state = problems.length ? 'problems' : warnings.length ? 'warn' : 'ok';
  panel.querySelector('h2')!.textContent = headingOf(report);
  const list = panel.querySelector('ul')!;
  list.replaceChildren(
    ...[...problems.map((line) => `✗ ${line}`), ...warnings.map((line) => `⚠ ${line}`)].map(
      (line) => Object.assign(document.createElement('li'), { textContent: line }),
    ),
  );
  panel.querySelector('button')!.hidden = list.childElementCount === 0;
}

// Under `npm run cms` (the dev server's events); the screen `npm start` serves asks itself
// (src/editing-screen/screen.ts).
if (import.meta.hot && location.pathname.startsWith('/keystatic')) {
  import.meta.hot.on(REPORT_EVENT, show);
  void fetch(REPORT_PATH)
    .then((response) => response.json() as Promise<CheckReport>)
    .then(show);
}
