/**
 * The local app's turns per caller (infra/local/caller-turns.ts): alone, a caller has two requests in
 * progress at once; while another caller has called within 10 s, each has one, the rest waiting in order;
 * a caller with a queue lets another caller's lone request finish before starting its next, for at most
 * 100 ms; and `drained()` waits for every task. Tasks are promises the test settles; the clock and the
 * timers are the test's.
 */
import { callerTurns, type CallerTurns } from '../../infra/local/caller-turns';

let clock = 0;
let turns: CallerTurns;
/** The tasks started, by name, with their release. */
let started: Map<string, () => void>;
/** Timers set by the turns: when each is due, and what it runs. */
let timers: { at: number; run: () => void }[];

beforeEach(() => {
  clock = 1_000_000;
  timers = [];
  turns = callerTurns(
    () => clock,
    (run, ms) => timers.push({ at: clock + ms, run }),
  );
  started = new Map();
});

/** Moves the test's clock on, running the timers that come due. */
function advance(ms: number): void {
  clock += ms;
  for (const due of timers.filter((timer) => timer.at <= clock)) {
    timers.splice(timers.indexOf(due), 1);
    due.run();
  }
}

/** Asks for a turn for a task named `name` that runs until released. */
function ask(key: string, name: string): Promise<string> {
  return turns.inTurn(key, () => new Promise<string>((done) => started.set(name, () => done(name))));
}

const settle = () => new Promise((done) => setImmediate(done));

/** Asks for turns for tasks (`[caller, task]`, in order), then lets the turns settle. */
async function asked(...requests: [string, string][]): Promise<void> {
  for (const [key, name] of requests) void ask(key, name);
  await settle();
}

/** Moves the clock on, then lets the turns settle. */
async function elapse(ms: number): Promise<void> {
  advance(ms);
  await settle();
}

/** The waiting task `name` starts when 100 ms have passed, not before. */
async function expectStartAt100Ms(name: string): Promise<void> {
  await elapse(99);
  expect(started.has(name)).toBe(false);
  await elapse(1);
  expect(started.has(name)).toBe(true);
}

/** Ends the named tasks, then lets the turns settle. */
async function release(...names: string[]): Promise<void> {
  for (const name of names) started.get(name)!();
  await settle();
}

it('a caller alone has two requests in progress at once; the third waits for one of them', async () => {
  const answers = [ask('ann', 'a1'), ask('ann', 'a2'), ask('ann', 'a3')];
  await settle();
  expect([...started.keys()]).toEqual(['a1', 'a2']);
  await release('a2');
  expect([...started.keys()]).toEqual(['a1', 'a2', 'a3']);
  started.get('a1')!();
  started.get('a3')!();
  expect(await Promise.all(answers)).toEqual(['a1', 'a2', 'a3']);
});

it("while another caller calls, each has one in progress; the flood's next waits for its first", async () => {
  await asked(['bob', 'b1']);
  await asked(['ann', 'a1'], ['ann', 'a2']);
  expect([...started.keys()]).toEqual(['b1', 'a1']);
  started.get('b1')!();
  // Bob's call ended, but he called within 10 s: Ann still has one at a time.
  await settle();
  expect(started.has('a2')).toBe(false);
  await release('a1');
  expect(started.has('a2')).toBe(true);
});

it('10 s after the other caller last called, a caller is alone again', async () => {
  await asked(['bob', 'b1']);
  await release('b1');
  clock += 10_001;
  await asked(['ann', 'a1'], ['ann', 'a2']);
  expect([...started.keys()]).toEqual(['b1', 'a1', 'a2']);
});

it('a caller whose limit rises when the others go quiet starts its waiting task at the next turn', async () => {
  await asked(['bob', 'b1'], ['ann', 'a1'], ['ann', 'a2'], ['ann', 'a3']);
  started.get('b1')!();
  clock += 10_001;
  await release('a1');
  expect([...started.keys()]).toEqual(['b1', 'a1', 'a2', 'a3']);
});

it('drained() resolves only once no task runs or waits', async () => {
  await asked(['ann', 'a1']);
  let drained = false;
  void turns.drained().then(() => (drained = true));
  await settle();
  expect(drained).toBe(false);
  await release('a1');
  expect(drained).toBe(true);
  await expect(turns.drained()).resolves.toBeUndefined();
});

it("a task's failure is its caller's answer and frees its turn", async () => {
  const failing = turns.inTurn('ann', () => Promise.reject(new Error('broken')));
  await expect(failing).rejects.toThrow('broken');
  await asked(['ann', 'a1'], ['ann', 'a2']);
  expect([...started.keys()]).toEqual(['a1', 'a2']);
});

it("a flood's next request waits while another caller's lone request runs, and starts when that ends", async () => {
  await asked(['bob', 'b1'], ['ann', 'a1'], ['ann', 'a2']);
  expect([...started.keys()]).toEqual(['b1', 'a1']);
  await release('a1');
  // Ann's turn is free, but Bob's request runs: hers would share the app with it.
  expect(started.has('a2')).toBe(false);
  await release('b1');
  expect(started.has('a2')).toBe(true);
});

it('a flood lets a long request of another caller go first for 100 ms at most', async () => {
  await asked(['bob', 'b1'], ['ann', 'a1'], ['ann', 'a2']);
  await release('a1');
  await expectStartAt100Ms('a2');
  expect(started.has('b1')).toBe(true);
});

it('callers without a queue never wait for each other', async () => {
  await asked(['ann', 'a1'], ['bob', 'b1'], ['cat', 'c1']);
  expect([...started.keys()]).toEqual(['a1', 'b1', 'c1']);
});

it('a flood held to one at a time while it yields waits 100 ms afresh once its turn is free again', async () => {
  await asked(['bob', 'b1']);
  // Bob went quiet (his request still runs): Ann, alone, has two at once.
  clock += 10_001;
  await asked(['ann', 'a1'], ['ann', 'a2'], ['ann', 'a3']);
  await release('a1');
  // A turn is free, but Bob's request runs: Ann yields.
  expect(started.has('a3')).toBe(false);
  advance(50);
  // Cat calls: Ann has one at a time now, and a2 holds it.
  await asked(['cat', 'c1']);
  await elapse(150);
  expect(started.has('a3')).toBe(false);
  await release('a2');
  // Her turn is free again while Bob's and Cat's requests run: she lets them go first again, for 100 ms at most.
  expect(started.has('a3')).toBe(false);
  await expectStartAt100Ms('a3');
});
