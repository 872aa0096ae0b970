/**
 * Runs `infra/workflow/transcription.asl.json` (and the text jobs' machine beside it) with aws-local-stepfunctions, every Task overridden by
 * state name with the same step handler Lambda runs, and serves the Step Functions API calls the app
 * makes (StartExecution, DescribeExecution, SendTaskSuccess, SendTaskFailure) so handlers use the real SFN client in both deployments.
 * Executions are recorded on disk; after a restart, unfinished ones run again (steps are idempotent),
 * except that a task that may take the app down with it is not run again by the execution it ended (crashGuard).
 * The API answers only the app's own calls, which carry the run's token (local-token.cjs).
 */
import './polyfills';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { StateMachine, type RunOptions } from 'aws-local-stepfunctions';
import { LOOPBACK } from './emulators';
import { tokenGate, type LocalAccess } from './local-token.cjs';

type LocalHandler = NonNullable<NonNullable<RunOptions['overrides']>['taskResourceLocalHandlers']>[string];
type JSONValue = Parameters<LocalHandler>[0];

export type StepHandler = (event: unknown) => Promise<unknown>;

type Status = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'ABORTED';

export interface ExecutionRecord {
  executionArn: string;
  stateMachineArn: string;
  name: string;
  input: string;
  status: Status;
  startDate: number;
  stopDate?: number;
  output?: string;
  error?: string;
  cause?: string;
  /** States entered (what Step Functions bills as transitions) and milliseconds spent in each. */
  transitions?: number;
  stateMs?: Record<string, number>;
  /** The guarded task (crashGuard) running now: still set when the app starts, the app ended during it. */
  guardedTask?: string;
  /** How many times the app ended during a guarded task of this execution without stopping. */
  crashes?: number;
  /** That task, found set at start for the second time: this execution fails there (crashGuard's failure) instead of running it again. */
  crashedIn?: string;
}

export interface LocalWorkflow {
  endpoint: string;
  stateMachineArn: string;
  /** The ARNs of `otherMachines`, by their names. */
  otherMachineArns: Record<string, string>;
  start(input: unknown, name?: string): ExecutionRecord;
  describe(executionArn: string): ExecutionRecord | undefined;
  /** Every execution started so far (tests count them). */
  executions(): ExecutionRecord[];
  /** Runs again the executions a previous run left unfinished; call once the step handler is ready. */
  resumeUnfinished(): void;
  /** Resolves when the execution has ended (for tests and the benchmark). */
  settled(executionArn: string): Promise<ExecutionRecord>;
  stop(): Promise<void>;
}

interface WorkflowOptions {
  definitionPath: string;
  /** More state machines run by the same runner and endpoint, by name: their definitions' paths (issue 31: text-jobs). */
  otherMachines?: Record<string, string>;
  stateDir: string;
  stepHandler: StepHandler;
  /** `${Name}` substitutions, as CDK's definitionSubstitutions does. */
  substitutions: Record<string, string>;
  access: LocalAccess;
  /**
   * Tasks that may take the app down with them (a speech engine runs in them): one that was running when the
   * app ended without stopping runs again once after a restart (a power cut ends a good job too), but not a
   * second time, or the same recording would end the app at every start. It fails with `failure` instead, and
   * the state's Catch ends the job as any failure does.
   */
  crashGuard?: { states: readonly string[]; failure: { error: string; cause: string } };
  /** Told each execution that ended (succeeded or failed), as Step Functions' status-change event tells the admission starter in AWS. */
  onEnded?: (record: ExecutionRecord) => void;
}

/** How many times a guarded task may be cut short by the app ending before its execution stops trying it. */
const GUARDED_RUNS = 2;

const machineArn = (name: string): string => `arn:aws:states:us-east-1:000000000000:stateMachine:${name}`;
const STATE_MACHINE_ARN = machineArn('transcription');

function substitute(text: string, substitutions: Record<string, string>): string {
  return text.replace(/\$\{(\w+)\}/g, (whole, name: string) => substitutions[name] ?? whole);
}

type TaskState = { Type: string; Resource?: string; TimeoutSecondsPath?: string };

/**
 * Step Functions reads a Task's TimeoutSecondsPath from the state's input; aws-local-stepfunctions reads it
 * from the task's parameters. Ours pass the whole state input as `Payload.input`, so the path moves there.
 */
function timeoutPathsOnParameters<D extends { States: Record<string, TaskState> }>(definition: D): D {
  for (const [, state] of taskStates(definition)) {
    if (state.TimeoutSecondsPath) state.TimeoutSecondsPath = state.TimeoutSecondsPath.replace(/^\$/, '$.Payload.input');
  }
  return definition;
}

/** Every Task state in the definition, so each can be overridden (a non-overridden Task would call real AWS). */
function taskStates(definition: { States: Record<string, TaskState> }): [string, TaskState][] {
  return Object.entries(definition.States).filter(([, state]) => state.Type === 'Task');
}

const stoppedError = (): Error => Object.assign(new Error('The local workflow stopped.'), { name: 'WorkflowStopped' });

/** Task tokens handed out to `.waitForTaskToken` tasks, each settled by SendTaskSuccess or SendTaskFailure. */
class TaskTokens {
  private readonly waiting = new Map<string, { resolve: (output: JSONValue) => void; reject: (error: Error) => void }>();

  issue(): { token: string; outcome: Promise<JSONValue> } {
    const token = randomUUID();
    const outcome = new Promise<JSONValue>((resolve, reject) => this.waiting.set(token, { resolve, reject }));
    // Settled by abandonAll() while its step still runs, nobody awaits it yet: that is not an unhandled rejection.
    outcome.catch(() => undefined);
    return { token, outcome };
  }

  forget(token: string): void {
    this.waiting.delete(token);
  }

  /** False when no task waits for the token (unknown, already settled, or timed out). */
  succeed(token: string, output: JSONValue): boolean {
    const task = this.waiting.get(token);
    this.waiting.delete(token);
    task?.resolve(output);
    return task !== undefined;
  }

  /**
   * Settles every waiting task when the workflow stops: the library clears a task's timeout timer only
   * when the task settles, so a task left waiting would keep the process alive until its timeout fires.
   */
  abandonAll(): void {
    for (const task of this.waiting.values()) task.reject(stoppedError());
    this.waiting.clear();
  }

  fail(token: string, error: string, cause: string): boolean {
    const task = this.waiting.get(token);
    this.waiting.delete(token);
    // Caught as {Error: name, Cause: message}, as Step Functions reports a SendTaskFailure.
    task?.reject(Object.assign(new Error(cause), { name: error }));
    return task !== undefined;
  }
}

/**
 * The result a Task state gets, as on Step Functions: `lambda:invoke` answers `{Payload}`; a
 * `.waitForTaskToken` task gets a token in its payload (`taskToken`) and its result is the output of the
 * SendTaskSuccess that settles it; the step's own answer is ignored.
 */
function localTask(state: TaskState, stepHandler: StepHandler, tokens: TaskTokens, isStopped: () => boolean): LocalHandler {
  const waits = state.Resource?.endsWith('.waitForTaskToken') ?? false;
  return async (input) => {
    // A stopped run must not run another step (the library lets a running task finish, then ends the run on
    // the abort): it is resumed on the next start. Failing at once lets the library clear the task's timer.
    if (isStopped()) throw stoppedError();
    const { Payload } = (input ?? {}) as { Payload?: Record<string, unknown> };
    if (!waits) return { StatusCode: 200, Payload: (await stepHandler(Payload)) as JSONValue };
    const { token, outcome } = tokens.issue();
    try {
      await stepHandler({ ...Payload, taskToken: token });
    } catch (error) {
      tokens.forget(token);
      throw error;
    }
    return outcome;
  };
}

/** A state machine and its Task states. */
interface Machine {
  machine: StateMachine;
  tasks: [string, TaskState][];
}

/** What the runner keeps: the state machines by ARN, every execution's record (also on disk), and the ones running now. */
interface Runner {
  options: WorkflowOptions;
  machines: Map<string, Machine>;
  tokens: TaskTokens;
  records: Map<string, ExecutionRecord>;
  running: Map<string, { abort: () => void; done: Promise<ExecutionRecord> }>;
}

/** Keeps the record, and writes it to disk whole (a crash mid-write leaves the previous one). */
function persist(runner: Runner, record: ExecutionRecord): void {
  runner.records.set(record.executionArn, record);
  const file = join(runner.options.stateDir, `${record.name}.json`);
  writeFileSync(`${file}.tmp`, JSON.stringify(record));
  renameSync(`${file}.tmp`, file);
}

/**
 * Every Task state's handler for one execution: the step handler, and around a guarded task (crashGuard) a mark on
 * disk while it runs, or its failure when the app already ended in it twice.
 */
function taskHandlers(runner: Runner, { tasks }: Machine, executionArn: string, isStopped: () => boolean): Record<string, LocalHandler> {
  const { crashGuard, stepHandler } = runner.options;
  // A stopped run writes nothing more (the next start may own the record).
  const mark = (guardedTask: string | undefined) => {
    if (!isStopped()) persist(runner, { ...runner.records.get(executionArn)!, guardedTask });
  };
  const guarded = (name: string, task: LocalHandler): LocalHandler => {
    if (!crashGuard?.states.includes(name)) return task;
    return async (input) => {
      if (runner.records.get(executionArn)?.crashedIn === name) throw Object.assign(new Error(crashGuard.failure.cause), { name: crashGuard.failure.error });
      mark(name);
      try {
        return await task(input);
      } finally {
        mark(undefined);
      }
    };
  };
  return Object.fromEntries(tasks.map(([name, state]) => [name, guarded(name, localTask(state, stepHandler, runner.tokens, isStopped))]));
}

/** The record an execution ends with (SUCCEEDED or FAILED, with its trace), written once it ends; an aborted one keeps its RUNNING record. */
function endedRecord(runner: Runner, record: ExecutionRecord, result: Promise<unknown>, trace: Promise<Pick<ExecutionRecord, 'transitions' | 'stateMs'>>): Promise<ExecutionRecord> {
  const end = async (fields: Partial<ExecutionRecord>) => {
    const ended: ExecutionRecord = { ...record, stopDate: Date.now(), ...fields, ...(await trace) };
    persist(runner, ended);
    runner.options.onEnded?.(ended);
    return ended;
  };
  return result.then(
    async (output: unknown) => {
      if (output === null && runner.running.get(record.executionArn) === undefined) return record;
      return end({ status: 'SUCCEEDED', output: JSON.stringify(output) });
    },
    async (error: Error) => {
      // ExecutionError wraps what failed: a Fail state's Error/Cause, or the error that ended the run.
      const failed = error.cause instanceof Error ? error.cause : error;
      return end({ status: 'FAILED', error: failed.name, cause: failed.message });
    },
  );
}

/** Runs an execution from its start, in the background; it can be aborted (the app stops). */
function run(runner: Runner, record: ExecutionRecord): void {
  let stopped = false;
  const { executionArn } = record;
  const machine = runner.machines.get(record.stateMachineArn)!;
  const execution = machine.machine.run(JSON.parse(record.input), {
    overrides: { taskResourceLocalHandlers: taskHandlers(runner, machine, executionArn, () => stopped) },
    context: {
      Execution: { Id: executionArn, Name: record.name, Input: JSON.parse(record.input), StartTime: new Date(record.startDate).toISOString() },
      // Each waiting task gets its own token in its payload (localTask).
      Task: { Token: '' },
    },
    noThrowOnAbort: true,
  });
  const done = endedRecord(runner, record, execution.result, traceStates(execution.eventLogs));
  const abort = () => {
    stopped = true;
    // Stopped, not crashed: the task runs again at the next start.
    const current = runner.records.get(executionArn)!;
    if (current.guardedTask) persist(runner, { ...current, guardedTask: undefined });
    execution.abort();
  };
  runner.running.set(executionArn, { abort, done });
  void done.finally(() => runner.running.delete(executionArn));
}

/** StartExecution. */
function start(runner: Runner, input: unknown, name: string = randomUUID(), stateMachineArn = STATE_MACHINE_ARN): ExecutionRecord {
  const executionArn = `${stateMachineArn.replace(':stateMachine:', ':execution:')}:${name}`;
  const existing = runner.records.get(executionArn);
  if (existing) {
    // Step Functions: the same name with the same input is idempotent while it runs.
    if (existing.input === JSON.stringify(input ?? {})) return existing;
    throw Object.assign(new Error(`Execution already exists: ${executionArn}`), { code: 'ExecutionAlreadyExists' });
  }
  const record: ExecutionRecord = { executionArn, stateMachineArn, name, input: JSON.stringify(input ?? {}), status: 'RUNNING', startDate: Date.now() };
  persist(runner, record);
  run(runner, record);
  return record;
}

/**
 * A restart finds the records of the previous run; unfinished executions run again from the start (every step
 * is idempotent) once the caller says the step handler is ready. The app ended during a guarded task without
 * stopping: counted on disk; the second time, the execution fails when it reaches that task again.
 */
function loadRecords(runner: Runner): void {
  const { stateDir } = runner.options;
  for (const file of readdirSync(stateDir).filter((name) => name.endsWith('.json'))) {
    const record = JSON.parse(readFileSync(join(stateDir, file), 'utf8')) as ExecutionRecord;
    if (record.status === 'RUNNING' && record.guardedTask) {
      const crashes = (record.crashes ?? 0) + 1;
      persist(runner, { ...record, crashes, guardedTask: undefined, ...(crashes >= GUARDED_RUNS ? { crashedIn: record.guardedTask } : {}) });
    } else runner.records.set(record.executionArn, record);
  }
}

/** Stops every running execution; they stay RUNNING on disk, so the next start resumes them. */
async function stopAll(runner: Runner): Promise<void> {
  const stopping = [...runner.running.values()];
  runner.running.clear();
  stopping.forEach((execution) => execution.abort());
  runner.tokens.abandonAll();
  await Promise.allSettled(stopping.map((execution) => execution.done));
}

export async function startLocalWorkflow(options: WorkflowOptions): Promise<LocalWorkflow> {
  const machineOf = (path: string): Machine => {
    const definition = timeoutPathsOnParameters(JSON.parse(substitute(readFileSync(path, 'utf8'), options.substitutions)));
    return { machine: new StateMachine(definition), tasks: taskStates(definition) };
  };
  const others = Object.entries(options.otherMachines ?? {});
  const machines = new Map([[STATE_MACHINE_ARN, machineOf(options.definitionPath)], ...others.map(([name, path]) => [machineArn(name), machineOf(path)] as const)]);
  const runner: Runner = { options, machines, tokens: new TaskTokens(), records: new Map(), running: new Map() };
  mkdirSync(options.stateDir, { recursive: true });
  loadRecords(runner);
  const { records, running } = runner;

  const server = createServer(tokenGate(options.access, (req, res) => void handleApiCall(req, res, { machines: new Set(machines.keys()), start: (input, name, arn) => start(runner, input, name, arn), describe: (arn) => records.get(arn), tokens: runner.tokens })));
  server.listen(0, LOOPBACK);
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://${LOOPBACK}:${port}`,
    stateMachineArn: STATE_MACHINE_ARN,
    otherMachineArns: Object.fromEntries(others.map(([name]) => [name, machineArn(name)])),
    start: (input, name) => start(runner, input, name),
    describe: (arn) => records.get(arn),
    executions: () => [...records.values()],
    resumeUnfinished: () => {
      for (const record of records.values()) if (record.status === 'RUNNING' && !running.has(record.executionArn)) run(runner, record);
    },
    settled: async (arn) => (await running.get(arn)?.done) ?? records.get(arn)!,
    stop: async () => {
      server.close();
      await stopAll(runner);
    },
  };
}

type EventLog = { type: string; timestamp: number; state?: { name: string } };

/** Counts the states an execution enters and the time spent in each, from its event log. */
async function traceStates(events: AsyncIterable<EventLog>): Promise<Pick<ExecutionRecord, 'transitions' | 'stateMs'>> {
  let transitions = 0;
  const stateMs: Record<string, number> = {};
  const entered = new Map<string, number>();
  for await (const event of events) {
    const name = event.state?.name;
    if (!name) continue;
    if (event.type === 'StateEntered') {
      transitions += 1;
      entered.set(name, event.timestamp);
    } else if (entered.has(name)) {
      stateMs[name] = (stateMs[name] ?? 0) + event.timestamp - entered.get(name)!;
      entered.delete(name);
    }
  }
  return { transitions, stateMs };
}

interface ApiOperations {
  machines: ReadonlySet<string>;
  start(input: unknown, name: string | undefined, stateMachineArn: string): ExecutionRecord;
  describe(executionArn: string): ExecutionRecord | undefined;
  tokens: TaskTokens;
}

/** The AWS JSON 1.0 protocol of Step Functions: `X-Amz-Target: AWSStepFunctions.<Operation>`. */
async function handleApiCall(req: IncomingMessage, res: ServerResponse, ops: ApiOperations): Promise<void> {
  const answer = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' });
    res.end(JSON.stringify(body));
  };
  const fault = (type: string, message: string) => answer(400, { __type: type, message });
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  } catch {
    return fault('SerializationException', 'Malformed JSON');
  }
  const operation = String(req.headers['x-amz-target'] ?? '').replace('AWSStepFunctions.', '');
  const toSeconds = (ms: number | undefined) => (ms === undefined ? undefined : ms / 1000);
  switch (operation) {
    case 'StartExecution': {
      const stateMachineArn = String(body.stateMachineArn);
      if (!ops.machines.has(stateMachineArn)) return fault('StateMachineDoesNotExist', `State machine does not exist: ${stateMachineArn}`);
      try {
        const input = typeof body.input === 'string' ? JSON.parse(body.input) : {};
        const record = ops.start(input, typeof body.name === 'string' ? body.name : undefined, stateMachineArn);
        return answer(200, { executionArn: record.executionArn, startDate: toSeconds(record.startDate) });
      } catch (error) {
        if ((error as { code?: string }).code === 'ExecutionAlreadyExists') return fault('ExecutionAlreadyExists', (error as Error).message);
        return fault('InvalidExecutionInput', 'The execution input is not valid JSON.');
      }
    }
    case 'DescribeExecution': {
      const record = ops.describe(String(body.executionArn ?? ''));
      if (!record) return fault('ExecutionDoesNotExist', `Execution does not exist: ${String(body.executionArn)}`);
      const { executionArn, stateMachineArn, name, status, input, output, error, cause } = record;
      return answer(200, { executionArn, stateMachineArn, name, status, input, output, error, cause, startDate: toSeconds(record.startDate), stopDate: toSeconds(record.stopDate) });
    }
    case 'SendTaskSuccess': {
      let output: JSONValue;
      try {
        output = JSON.parse(String(body.output ?? ''));
      } catch {
        return fault('InvalidOutput', 'The task output is not valid JSON.');
      }
      return ops.tokens.succeed(String(body.taskToken ?? ''), output) ? answer(200, {}) : fault('TaskDoesNotExist', 'Task does not exist anymore');
    }
    case 'SendTaskFailure':
      return ops.tokens.fail(String(body.taskToken ?? ''), String(body.error ?? ''), String(body.cause ?? '')) ? answer(200, {}) : fault('TaskDoesNotExist', 'Task does not exist anymore');
    default:
      return fault('UnknownOperationException', `The local workflow runner does not support ${operation || 'this call'}.`);
  }
}
