/** The local admission starter stops before the emulators: no timer, no new pass and no pass still running outlives its stop (CI logged passes failing on ECONNREFUSED at teardown). */
import { ADMISSION_SWEEP_MS, localAdmission } from '../../infra/local/admission';
import type { AdmissionEvent } from '../../functions/workflow/admission';

afterEach(() => jest.useRealTimers());

function recorder() {
  const events: AdmissionEvent[] = [];
  return { events, admission: async (event: unknown) => void events.push(event as AdmissionEvent) };
}

it('sweeps at start and every minute, passes when a run ends, and after stop does neither', async () => {
  jest.useFakeTimers();
  const { events, admission } = recorder();
  const line = localAdmission(admission);
  line.startSweeps();
  jest.advanceTimersByTime(ADMISSION_SWEEP_MS);
  line.ended('run-1');
  expect(events).toEqual([{ kind: 'sweep' }, { kind: 'sweep' }, { kind: 'ended', name: 'run-1' }]);
  await line.stop();
  jest.advanceTimersByTime(3 * ADMISSION_SWEEP_MS);
  line.ended('run-2');
  expect(events).toHaveLength(3);
  expect(jest.getTimerCount()).toBe(0);
});

it('waits for the passes still running before it says it has stopped', async () => {
  let finish!: () => void;
  const finished = jest.fn();
  const line = localAdmission(() => new Promise<void>((resolve) => (finish = resolve)).then(finished));
  line.ended('run-1');
  const stopped = jest.fn();
  const stopping = line.stop().then(stopped);
  await new Promise((resolve) => setImmediate(resolve));
  expect(stopped).not.toHaveBeenCalled();
  finish();
  await stopping;
  expect(finished).toHaveBeenCalled();
});
