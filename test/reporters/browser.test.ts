// The HTML report in a real browser: Debian's chromium driven by playwright-core. Reports come from
// real runs of the example bots (one per game, broken bots whose answers are rejected, and a hostile
// bot); the test opens each, filters, moves the ply slider and clicks the transcript as a user would,
// checks the drawing changed, and that the page logged no errors, loaded nothing from the network and
// ran none of the bot's markup.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport, ScenarioResult } from '../../harness/index.js';
import { syntheticResult } from './reports.js';
import { htmlPage } from '../../reporters/html.js';
import { runCli, scratchDir } from '../helpers.js';

const CHROMIUM = '/usr/bin/chromium';
const HAVE_CHROMIUM = existsSync(CHROMIUM);
const IN_CI = !!process.env.CI;
if (!HAVE_CHROMIUM && !IN_CI)
  console.warn(`browser test skipped: ${CHROMIUM} is missing (install Debian's chromium: apt-get install chromium — .ci/run does it; in CI this test fails instead)`);

interface GameReport {
  game: string;
  file: string;
  args: string[];
  bot: string[];
  exit: number;
}

const GAMES: Omit<GameReport, 'file'>[] = [
  { game: 'alquerque', args: ['run', 'scenarios/alquerque/play-as-black.yaml'], bot: ['node', 'examples/alquerque/js/bot.js'], exit: 0 },
  { game: 'amazes', args: ['run', 'scenarios/amazes/sudden-death.yaml'], bot: ['node', 'examples/amazes/js/bot.js'], exit: 0 },
  { game: 'on-the-run', args: ['run', 'scenarios/on-the-run/small-field.yaml'], bot: ['node', 'examples/on-the-run/js/bot.js'], exit: 0 },
  { game: 'snakecore', args: ['run', 'scenarios/snakecore/attack.yaml'], bot: ['node', 'examples/snakecore/js/bot.js'], exit: 0 },
  { game: 'javachallenge2015', args: ['run', 'scenarios/javachallenge2015/first-turns.yaml', '--role', '1'], bot: ['node', 'examples/javachallenge2015/js/bot.js'], exit: 0 },
];

/** Something only that game's drawing has (at the last position). */
const GAME_MARK: Record<string, string> = {
  alquerque: 'circle.piece-B',
  amazes: 'g.player-red',
  'on-the-run': 'line.link-C',
  snakecore: 'g.python',
  javachallenge2015: 'rect.block',
};

describe.skipIf(!HAVE_CHROMIUM && !IN_CI)('HTML report in chromium', () => {
  let dir: string;
  let context: BrowserContext | undefined;
  const reports: GameReport[] = [];
  let hostileFile: string;
  let unknownFile: string;
  let filterFile: string;
  /** Reports of bots whose answer is rejected, by game. */
  const rejectedFiles: Record<string, string> = {};

  beforeAll(async () => {
    if (!HAVE_CHROMIUM) throw new Error(`${CHROMIUM} is missing: CI must install Debian's chromium before npm test (see .ci/run)`);
    dir = scratchDir('botjury-browser-');
    hostileFile = path.join(dir, 'hostile.html');
    // One run at a time: some games have answer limits of 100 ms, and the machine may be busy.
    for (const g of GAMES) {
      const file = path.join(dir, `${g.game}.html`);
      const r = await runCli([...g.args, '--reporter', `html=${file}`, '--', ...g.bot]);
      if (r.code !== g.exit) throw new Error(`${g.game}: exit ${r.code}, expected ${g.exit}\n${r.stderr}`);
      reports.push({ ...g, file });
    }
    await runCli(['run', 'scenarios/alquerque/play-as-white.yaml', '--reporter', `html=${hostileFile}`, '--', 'python3', 'test/reporters/fixtures/hostile.py']);
    for (const g of REJECTED) {
      const file = path.join(dir, `rejected-${g.game}.html`);
      const r = await runCli([...g.args, '--reporter', `html=${file}`, '--', ...g.bot]);
      if (r.code !== 1 || !readFileSync(file, 'utf8').includes(`<span class="code">${g.code}</span>`)) throw new Error(`${g.game}: exit ${r.code}, expected 1 with ${g.code}\n${r.stderr}`);
      rejectedFiles[g.game] = file;
    }
    // A game this reporter has never heard of, and a known game whose snapshot lost its shape.
    unknownFile = path.join(dir, 'unknown.html');
    writeFileSync(unknownFile, htmlPage(syntheticReport()));
    filterFile = path.join(dir, 'filter.html');
    writeFileSync(filterFile, htmlPage(filterReport()));
    context = await chromium.launchPersistentContext(path.join(dir, 'profile'), {
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
      viewport: { width: 1200, height: 900 },
    });
  }, 90_000);

  afterAll(async () => {
    await context?.close();
    // Chromium's helper processes exit a moment after the browser; none may outlive the test.
    const left = dir ? await processesUsing(dir, 5000) : [];
    for (const pid of left) process.kill(pid, 'SIGKILL');
    if (dir) rmSync(dir, { recursive: true, force: true });
    expect(left, 'chromium processes left behind').toEqual([]);
  });

  /** Opens a report and records everything the page complains about or tries to load. */
  async function open(file: string): Promise<{ page: Page; problems: string[] }> {
    const page = await context!.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('request', (r) => {
      if (!r.url().startsWith('file://')) problems.push(`network request: ${r.url()}`);
    });
    await page.goto(`file://${file}`);
    return { page, problems };
  }

  async function openAllScenarios(page: Page): Promise<void> {
    // As a user does: click each closed scenario's summary.
    const closed = page.locator('details.scenario:not([open]) > summary');
    while ((await closed.count()) > 0) await closed.first().click();
    // Each scenario is unpacked when it opens; wait until all are.
    await expect.poll(() => page.locator('.replay:not([data-ready])').count(), { timeout: 10_000 }).toBe(0);
    expect(await page.locator('.replay[data-ready="error"]').count()).toBe(0);
  }

  it('draws every game at each ply: moving the slider changes the drawing', async () => {
    expect(reports.map((r) => r.game).sort()).toEqual(GAMES.map((g) => g.game).sort());
    for (const r of reports) {
      const { page, problems } = await open(r.file);
      await openAllScenarios(page);
      const replays = page.locator('.replay');
      const count = await replays.count();
      expect(count, `${r.game}: replays`).toBeGreaterThan(0);
      for (let i = 0; i < count; i++) {
        const replay = replays.nth(i);
        const stage = replay.locator('.replay-stage');
        await expect.poll(() => stage.getAttribute('data-renderer'), { timeout: 5000 }).toBe(r.game);
        const svgBefore = await stage.locator('svg').innerHTML();
        const labelBefore = await replay.locator('.replay-label').textContent();
        const slider = replay.locator('input.ply-slider');
        await slider.focus();
        await page.keyboard.press('End');
        const max = await slider.getAttribute('max');
        expect(await slider.inputValue()).toBe(max);
        expect(await replay.locator('.replay-label').textContent(), `${r.game}: label`).not.toBe(labelBefore);
        expect(await stage.locator('svg').innerHTML(), `${r.game}: drawing at the last ply`).not.toBe(svgBefore);
        expect(await stage.locator(GAME_MARK[r.game]!).count(), `${r.game}: ${GAME_MARK[r.game]}`).toBeGreaterThan(0);
        await page.keyboard.press('Home');
        expect(await stage.locator('svg').innerHTML(), `${r.game}: back at the start`).toBe(svgBefore);
        await replay.getByRole('button', { name: 'next ply' }).click();
        expect(await slider.inputValue()).toBe('1');
        expect(await stage.getAttribute('data-renderer')).toBe(r.game);
      }
      expect(await page.evaluate(() => (window as unknown as { __botjury: { drawErrors: string[] } }).__botjury.drawErrors)).toEqual([]);
      expect(problems, r.game).toEqual([]);
      await page.close();
    }
  });

  it('shows the Alquerque position of each ply: pieces at the start, fewer after captures, the last move', async () => {
    const { page, problems } = await open(reports.find((r) => r.game === 'alquerque')!.file);
    await openAllScenarios(page);
    const stage = page.locator('.replay-stage').first();
    await stage.locator('svg').waitFor(); // the replay is drawn when its scenario opens
    expect(await stage.locator('circle.piece-W').count()).toBe(24);
    expect(await stage.locator('circle.piece-B').count()).toBe(24);
    expect(await stage.locator('.last-move').count()).toBe(0);
    await page.locator('input.ply-slider').first().focus();
    await page.keyboard.press('End');
    const white = await stage.locator('circle.piece-W').count();
    const black = await stage.locator('circle.piece-B').count();
    expect(white + black).toBeLessThan(48);
    expect(await stage.locator('.last-move').count()).toBe(1);
    expect(await stage.locator('dd').allTextContents()).toEqual(expect.arrayContaining([String(white), String(black)]));
    // The transcript lines behind the shown position are highlighted.
    expect(await page.locator('table.transcript tr.at').count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('ties the transcript to the slider: a clicked line shows its position, a moved slider marks its lines', async () => {
    const { page, problems } = await open(reports.find((r) => r.game === 'alquerque')!.file);
    await openAllScenarios(page);
    await page.locator('details.transcript > summary').first().click();
    const slider = page.locator('input.ply-slider').first();
    const rows = page.locator('table.transcript').first().locator('tr');
    // The jury's fourth line to the bot (an opponent's move) leads to a position in the middle of the game.
    const line = page.locator('table.transcript').first().locator('tr.jury').nth(3);
    const lineText = await line.locator('td.text').textContent();
    await line.click();
    const at = Number(await slider.inputValue());
    expect(at).toBeGreaterThan(0);
    expect(await line.getAttribute('class')).toContain('at');
    expect(await page.locator('.replay-label').first().textContent()).toContain(`after ${lineText}`);
    // Moving the slider moves the marked lines.
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    expect(Number(await slider.inputValue())).toBe(at + 1);
    expect(await line.getAttribute('class')).not.toContain('at');
    const marked = await rows.evaluateAll((trs) => trs.filter((tr) => tr.classList.contains('at')).map((tr) => tr.querySelector('td.text')!.textContent));
    expect(marked.length).toBeGreaterThan(0);
    expect(marked).not.toContain(lineText);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('draws the rejected answer over the position the bot faced, in Alquerque, JavaChallenge2015, Amazes, On The Run and SnakeCore', async () => {
    for (const g of REJECTED) {
      const { page, problems } = await open(rejectedFiles[g.game]!);
      await openAllScenarios(page);
      const replay = page.locator('.replay').first();
      const stage = replay.locator('.replay-stage');
      expect(await stage.locator('.rejected-move').count(), `${g.game}: nothing rejected at the start`).toBe(0);
      await replay.locator('button.jump.rejected').first().click();
      expect(await stage.getAttribute('data-renderer')).toBe(g.game);
      expect(await stage.locator('.rejected-move').count(), `${g.game}: the rejected answer drawn`).toBe(1);
      const note = replay.locator('.rejected-note');
      expect(await note.isVisible()).toBe(true);
      const answer = await page.evaluate(() => JSON.parse(document.getElementById('botjury-data')!.textContent!).scenarios[0].marks.find((m: { rejected?: string }) => m.rejected !== undefined).rejected as string);
      expect(answer.length, g.game).toBeGreaterThan(0);
      expect(await note.textContent(), g.game).toContain(`the bot answered \u201c${answer}\u201d here, rejected (${g.code})`);
      expect(await note.textContent()).not.toContain('cannot be drawn');
      // The next position no longer shows it.
      await replay.getByRole('button', { name: 'next ply' }).click();
      expect(await stage.locator('.rejected-move').count(), `${g.game}: only at its own position`).toBe(0);
      expect(await note.isVisible()).toBe(false);
      expect(await page.evaluate(() => (window as unknown as { __botjury: { drawErrors: string[] } }).__botjury.drawErrors)).toEqual([]);
      expect(problems, g.game).toEqual([]);
      await page.close();
    }
  });

  it('names each python\'s bot in a SnakeCore match: every seat\'s replay shows its own bot\'s name and the others\'', async () => {
    const file = path.join(dir, 'snakecore-match.html');
    const setup = path.join(dir, 'small.yaml');
    writeFileSync(setup, 'setup:\n  size: 8\n  moves: 3\n  walls: 2\n  blocks: 6\n  energy: 2\n');
    const py = ['python3', 'examples/snakecore/python/bot.py'];
    const js = ['node', 'examples/snakecore/js/bot.js'];
    const r = await runCli(['match', 'snakecore', '--games', '1', '--setup', setup, '--reporter', `html=${file}`, '--', ...py, '--', ...js, '--', ...py, '--', ...js]);
    expect(r.code, r.stderr).toBe(0);
    const { page, problems } = await open(file);
    await openAllScenarios(page);
    const replays = page.locator('.replay');
    expect(await replays.count()).toBe(4);
    for (let i = 0; i < 4; i++) {
      // At the end of the game (at the start nobody has answered getName yet).
      await replays.nth(i).locator('input.ply-slider').focus();
      await page.keyboard.press('End');
      const facts = await replays.nth(i).locator('.replay-stage dd').allTextContents();
      expect(facts).toContain(i % 2 === 0 ? 'PyGreedy' : 'JsGreedy'); // the bot name row: this seat's own
      expect(facts.filter((f) => /, bot "(PyGreedy|JsGreedy)"$/.test(f))).toHaveLength(4);
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it('filters scenarios by status and by verdict, failures first', async () => {
    const { page, problems } = await open(filterFile);
    const visible = async (): Promise<string[]> =>
      page.locator('details.scenario').evaluateAll((els) => els.filter((el) => !(el as HTMLElement).hidden).map((el) => el.querySelector('summary')!.childNodes[1]!.textContent!.trim()));
    expect(await visible()).toEqual(['failed a', 'failed b', 'error c', 'passed d']);
    await page.getByRole('button', { name: 'passed 1' }).click();
    expect(await visible()).toEqual(['passed d']);
    expect(await page.locator('table.summary tbody tr:not([hidden])').count()).toBe(1);
    await page.getByRole('button', { name: 'all 4' }).click();
    await page.getByRole('button', { name: 'extra-output 1' }).click();
    expect(await visible()).toEqual(['failed b']);
    await page.getByRole('button', { name: 'failed 2' }).click();
    expect(await visible()).toEqual(['failed b']);
    await page.getByRole('button', { name: 'error 1' }).click();
    expect(await visible()).toEqual([]);
    expect(await page.locator('.filtered-out').isVisible()).toBe(true);
    // Clicking the chosen verdict again drops that filter.
    await page.getByRole('button', { name: 'extra-output 1' }).click();
    expect(await visible()).toEqual(['error c']);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('reads out the reply under the pointer on the reply-time chart', async () => {
    const { page, problems } = await open(reports.find((r) => r.game === 'javachallenge2015')!.file);
    await openAllScenarios(page);
    const chart = page.locator('.timing svg').first();
    const box = (await chart.boundingBox())!;
    // The first bar starts at x = 46 of 720.
    await page.mouse.move(box.x + (50 / 720) * box.width, box.y + box.height / 2);
    expect(await page.locator('.timing .readout').first().textContent()).toMatch(/^reply 1 \(ply \d+\): [\d.]+ ms wall/);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("shows what each Amazes player has discovered, together or one at a time", async () => {
    const { page, problems } = await open(reports.find((r) => r.game === 'amazes')!.file);
    await openAllScenarios(page);
    const replay = page.locator('.replay').first();
    await replay.locator('input.ply-slider').focus();
    await page.keyboard.press('End');
    const stage = replay.locator('.replay-stage');
    const red = await stage.locator('rect.found-red').count();
    const blue = await stage.locator('rect.found-blue').count();
    expect(red).toBeGreaterThan(0);
    expect(blue).toBeGreaterThan(0);
    await stage.getByRole('button', { name: 'red', exact: true }).click();
    expect(await stage.locator('rect.found-red').count()).toBe(red);
    expect(await stage.locator('rect.found-blue').count()).toBe(0);
    await stage.getByRole('button', { name: 'none', exact: true }).click();
    expect(await stage.locator('rect.found-red, rect.found-blue').count()).toBe(0);
    // The choice sticks while the slider moves.
    await replay.locator('input.ply-slider').focus();
    await page.keyboard.press('Home');
    expect(await stage.locator('rect.found-red, rect.found-blue').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("runs none of a hostile bot's markup and shows it as text", async () => {
    const { page, problems } = await open(hostileFile);
    await openAllScenarios(page);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('script').count()).toBe(2);
    expect(await page.locator('img').count()).toBe(0);
    const transcript = await page.locator('table.transcript').first().textContent();
    expect(transcript).toContain('<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2"> ]]> & &amp;');
    expect(await page.locator('.violation pre.actual').first().textContent()).toContain('\\x01\\x02');
    // Jumping to the bad answer's ply shows the position the bot faced, and names the answer (which no board can show).
    await page.getByRole('button', { name: 'ply 1 (bad-format)' }).click();
    expect(await page.locator('input.ply-slider').first().inputValue()).toBe('0');
    expect(await page.locator('.rejected-note').first().textContent()).toContain('<script>window.__pwned=1</script>');
    expect(await page.locator('.rejected-note').first().textContent()).toContain('(this answer cannot be drawn)');
    expect(problems).toEqual([]);
    await page.close();
  });

  it("draws a game package's grid without client code (examples/games/nim)", async () => {
    const file = path.join(dir, 'nim.html');
    const r = await runCli(['run', 'examples/games/nim/scenarios/full-game.yaml', '--role', 'first', '--game-module', 'examples/games/nim/index.js', '--reporter', `html=${file}`, '--', 'python3', 'examples/games/nim/bots/bot.py']);
    expect(r.code).toBe(0);
    const { page, problems } = await open(file);
    await openAllScenarios(page);
    const stage = page.locator('.replay-stage').first();
    expect(await stage.getAttribute('data-renderer')).toBe('generic');
    // Heaps 3 4 5 at the start: 12 objects drawn as cells, and the text beside them.
    expect(await stage.locator('svg rect[rx]').count()).toBe(12);
    expect(await stage.locator('pre.state-text').textContent()).toBe('heap 1: 3\nheap 2: 4\nheap 3: 5');
    await page.locator('input.ply-slider').first().focus();
    await page.keyboard.press('End');
    expect(await stage.locator('svg rect[rx]').count()).toBe(0); // the last object was taken
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows the failure message in the summary without scrolling (a screenshot of what a reader sees first)', async () => {
    const file = path.join(dir, 'summary.html');
    const json = path.join(dir, 'summary.json');
    // The whole suite against a bot that never flushes: twenty failing runs, whose table alone is
    // taller than the screen — the cause must come before it.
    const r = await runCli(['check', 'alquerque', '--reporter', `html=${file}`, '--reporter', `json=${json}`, '--', 'python3', 'examples/alquerque/broken/unflushed.py']);
    expect(r.code).toBe(1);
    const all = (JSON.parse(readFileSync(json, 'utf8')) as RunReport).results;
    expect(all.filter((x) => x.status === 'failed')).toHaveLength(20);
    const first = all.flatMap((x) => x.violations).find((v) => v.severity === 'error')!;
    expect(first.code).toBe('unflushed-output');
    const { page, problems } = await open(file);
    const viewport = { width: 1280, height: 720 };
    await page.setViewportSize(viewport);
    const shot = path.join(dir, 'summary.png');
    const png = await page.screenshot({ path: shot });
    expect(png.length).toBeGreaterThan(10_000);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // The cause, with its message and ply, is inside that first screen and nothing covers it.
    const cause = page.locator('.causes li.cause').first();
    expect(await cause.locator('.code').textContent()).toBe('unflushed-output');
    expect(await cause.textContent()).toMatch(/unflushed-output at plies 1–2 — 20 of 20 runs — the same cause/);
    const message = cause.locator('.cause-message');
    expect(await message.textContent()).toBe(first.message.length > 600 ? `${first.message.slice(0, 600)}…` : first.message);
    const box = (await message.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    expect(await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('.cause-message') !== null, [box.x + box.width / 2, box.y + box.height / 2])).toBe(true);
    // The screenshot shows it: that part of the screen changes when the message is hidden.
    const withText = await page.screenshot({ clip: box });
    await message.evaluate((el) => ((el as HTMLElement).style.visibility = 'hidden'));
    expect(Buffer.compare(withText, await page.screenshot({ clip: box }))).not.toBe(0);
    // The summary table's first row names the verdict, its ply and message as well.
    const row = page.locator('table.summary tbody tr').first();
    expect(await row.locator('td.verdicts').textContent()).toContain(`unflushed-output at ply ${first.ply}: ${first.message.slice(0, 100)}`);
    // ...and that table does not fit on the first screen: the cause is there because it comes first.
    expect((await page.locator('table.summary').boundingBox())!.height).toBeGreaterThan(viewport.height);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('a match page: standings in a table, a result per game, and a click on a game opens it at its first violation', async () => {
    const file = path.join(dir, 'match.html');
    const r = await runCli(['match', 'alquerque', '--games', '2', '--reporter', `html=${file}`, '--', 'python3', 'examples/alquerque/python/bot.py', '--', 'python3', 'examples/alquerque/broken/moves-back.py']);
    expect(r.code).toBe(1);
    const { page, problems } = await open(file);
    expect(await page.locator('table.standings tbody tr').count()).toBe(2);
    expect(await page.locator('table.standings th').first().textContent()).toBe('bot');
    expect(await page.locator('table.summary thead th').allTextContents()).toContain('result');
    const opened = () => page.evaluate(() => (window as unknown as { __botjury: { opened: number | null } }).__botjury.opened);
    const click = async (row: ReturnType<Page['locator']>) => {
      const link = row.locator('a.open-scenario');
      const index = Number((await link.getAttribute('href'))!.replace('#scenario-', ''));
      await link.click();
      await expect.poll(opened, { timeout: 10_000 }).toBe(index);
      return page.locator(`#scenario-${index}`);
    };
    // A passed game is folded: the click opens it (and scrolls to it).
    const passed = page.locator('table.summary tbody tr.passed').first();
    expect(['win (1)', 'draw (½)']).toContain(await passed.locator('td').nth(5).textContent());
    const passedSection = page.locator(`#scenario-${(await passed.getAttribute('data-scenario'))!}`);
    expect(await passedSection.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
    await click(passed);
    expect(await passedSection.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
    // A failed game: the click shows the position of its first violation, the refused answer drawn and named.
    const failing = page.locator('table.summary tbody tr.failed').first();
    expect(await failing.locator('td').nth(5).textContent()).toBe('loss (0)');
    const failingSection = page.locator(`#scenario-${(await failing.getAttribute('data-scenario'))!}`);
    await expect.poll(() => failingSection.locator('.replay[data-ready]').count(), { timeout: 10_000 }).toBe(1); // open from the start
    const note = failingSection.locator('.rejected-note');
    expect(await note.isVisible()).toBe(false); // at the first position
    const section = await click(failing);
    expect(await note.isVisible()).toBe(true);
    expect(await note.textContent()).toContain('rejected (illegal-move)');
    const box = (await section.boundingBox())!;
    expect(box.y).toBeLessThan(page.viewportSize()!.height); // scrolled to it
    expect(page.url()).toMatch(/#scenario-\d+$/);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows snapshots it cannot draw as text, without errors', async () => {
    const { page, problems } = await open(unknownFile);
    await openAllScenarios(page);
    const stages = page.locator('.replay-stage');
    expect(await stages.count()).toBe(2);
    for (let i = 0; i < 2; i++) {
      expect(await stages.nth(i).getAttribute('data-renderer')).toBe('generic');
      expect(await stages.nth(i).locator('pre.state-json').textContent()).toContain('"ply": 0');
    }
    await page.locator('input.ply-slider').first().focus();
    await page.keyboard.press('End');
    expect(await stages.first().locator('pre.state-json').textContent()).toContain('"cells": "XO.');
    expect(await page.evaluate(() => (window as unknown as { __botjury: { drawErrors: string[] } }).__botjury.drawErrors)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});

/** Live processes whose command line mentions `marker` (the fresh profile folder), after waiting up to `waitMs`. */
async function processesUsing(marker: string, waitMs: number): Promise<number[]> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const pids = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .filter((pid) => {
        try {
          const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
          if (/\) Z /.test(stat)) return false; // a zombie has exited; only its parent's wait is missing
          return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker);
        } catch {
          return false;
        }
      })
      .map(Number);
    if (pids.length === 0 || Date.now() > deadline) return pids;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Bots whose answer the jury rejects, with that verdict. */
const REJECTED = [
  { game: 'alquerque', args: ['run', 'scenarios/alquerque/play-as-white.yaml'], bot: ['python3', 'examples/alquerque/broken/moves-back.py'], code: 'illegal-move' },
  { game: 'javachallenge2015', args: ['run', 'scenarios/javachallenge2015/first-turns.yaml', '--role', '0'], bot: ['python3', 'examples/javachallenge2015/broken/bad-action.py'], code: 'bad-format' },
  { game: 'amazes', args: ['run', 'scenarios/amazes/play-as-red.yaml'], bot: ['python3', 'examples/amazes/broken/too-many-steps.py'], code: 'too-many-steps' },
  { game: 'on-the-run', args: ['run', 'scenarios/on-the-run/small-field.yaml', '--role', 'detectives'], bot: ['python3', 'examples/on-the-run/broken/non_adjacent.py'], code: 'illegal-move' },
  { game: 'snakecore', args: ['run', 'scenarios/snakecore/attack.yaml'], bot: ['python3', 'examples/snakecore/broken/bad-action.py'], code: 'bad-format' },
];

function gameResult(game: string, states: unknown[], name = `a ${game} game`, status = 'failed', codes: string[] = []): ScenarioResult {
  return syntheticResult({
    scenario: `scenarios/${game}/made-up.yaml`,
    name,
    game,
    role: 'x',
    status: status as ScenarioResult['status'],
    violations: codes.map((code, i) => ({ code: code as ScenarioResult['violations'][number]['code'], ply: i + 1, severity: 'error' as const, message: `${code} here`, atMs: i + 1 })),
    ...(status === 'error' ? { error: 'a harness fault' } : {}),
    snapshots: states.map((state, ply) => ({ ply, t: ply, move: ply ? 'm' : null, state })),
  });
}

function report(results: ScenarioResult[]): RunReport {
  const count = (st: string): number => results.filter((r) => r.status === st).length;
  return {
    tool: { name: 'botjury', version: 'test' },
    bot: { command: ['bot'] },
    startedAt: new Date(0).toISOString(),
    durationMs: 1,
    results,
    summary: { passed: count('passed'), failed: count('failed'), errors: count('error'), skipped: count('skipped') },
  } as unknown as RunReport;
}

function syntheticReport(): RunReport {
  return report([
    gameResult('tictactoe', [{ ply: 0, cells: '.........' }, { ply: 1, cells: 'X........' }, { ply: 2, cells: 'XO.......' }]),
    gameResult('alquerque', [{ ply: 0, rows: 'not rows' }, { ply: 1 }]),
  ]);
}

/** Scenarios of each status, listed out of order. */
function filterReport(): RunReport {
  const states = [{ ply: 0 }, { ply: 1 }];
  return report([
    gameResult('tictactoe', states, 'passed d', 'passed'),
    gameResult('tictactoe', states, 'failed a', 'failed', ['bad-format']),
    gameResult('tictactoe', states, 'error c', 'error'),
    gameResult('tictactoe', states, 'failed b', 'failed', ['extra-output']),
  ]);
}
