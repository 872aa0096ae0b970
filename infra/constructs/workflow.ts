/**
 * The transcription workflow (docs/architecture.md#workflow): the Standard state machine defined by
 * infra/workflow/transcription.asl.json (the same file the local runner executes), the one Lambda
 * that runs its steps, the media function PrepareMedia runs ffmpeg in, and the EventBridge rule that
 * reports Transcribe job state changes to it.
 */
import * as path from 'node:path';
import { Duration, Size, Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { EventField, Rule, RuleTargetInput } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { MEDIA_FUNCTION_SECONDS } from '../../functions/domain/constants';
import { embeddingModelArn } from './bedrock';
import { JOB_STATE_CHANGE_STEP, TRANSCRIBE_JOB_ENDED, transcribeJobPrefix } from '../../functions/workflow/transcribe-events';
import { AppFunction, REPO_ROOT } from './app-function';
import { workflowStateMachine } from './workflow-state-machine';
import { FFMPEG_IN_LAYER, FfmpegLayer } from './ffmpeg-layer';
import { ENGINE_FILES, grantUserObjects } from './storage';

export const ASL_PATH = path.join(REPO_ROOT, 'infra/workflow/transcription.asl.json');

/** The state machine's name: known at synth, so the admission starter's grant on its executions names it. */
export const stateMachineNameOf = (stackName: string): string => `${stackName}-transcription`;

/**
 * The media function is sized for converting a 4-hour recording (the longest the app takes) that Transcribe does
 * not read: ffmpeg streams the upload (up to 2 GB) from S3 and writes 16 kHz mono FLAC to /tmp (at most 460 MB
 * for 4 hours, so 2 GB of /tmp leaves room for a second run in a reused container) before uploading it.
 * 1769 MB is one full vCPU: ffmpeg needs about 20 MB of memory but reads and decodes faster with the CPU
 * (4 hours of iPhone video: under half a minute of CPU, `npm run bench`). Its time limit is that of its links
 * (MEDIA_FUNCTION_SECONDS): 14 minutes, for reading 2 GB from S3 at worst.
 */
export const MEDIA_FUNCTION_SIZES = { memorySize: 1769, timeout: Duration.seconds(MEDIA_FUNCTION_SECONDS), ephemeralStorage: Size.mebibytes(2048) } as const;

/**
 * The steps' function waits in PrepareMedia for the media function (so 15 minutes, above its 14; the ASL bounds
 * each state within it); its other steps take well under a second of CPU.
 */
export const WORKFLOW_FUNCTION_SIZES = { memorySize: 1769, timeout: Duration.minutes(15) } as const;

export interface WorkflowProps {
  environment: Record<string, string>;
  uploads: Bucket;
  table: ITable;
  /** Bedrock model or inference profile id for summaries. */
  bedrockModelId: string;
}

export class Workflow extends Construct {
  readonly fn: IFunction;
  /** Runs ffmpeg for PrepareMedia, with no permission of its own. */
  readonly mediaFn: IFunction;
  readonly stateMachine: StateMachine;

  constructor(scope: Construct, id: string, props: WorkflowProps) {
    super(scope, id);

    // ffmpeg on untrusted files runs apart, in a function whose role may do nothing (issue 25 point 7): PrepareMedia
    // calls it with links to the one upload and its one output, signed by the steps' role.
    const media = new AppFunction(this, 'Media', {
      entry: 'functions/media/handler.ts',
      description: 'ffmpeg on one uploaded recording, through the two links it is given; no access of its own',
      environment: { ...props.environment, FFMPEG_PATH: FFMPEG_IN_LAYER },
      ...MEDIA_FUNCTION_SIZES,
      layers: [new FfmpegLayer(this, 'Ffmpeg').layer],
    });
    this.mediaFn = media.fn;
    const jobPrefix = transcribeJobPrefix(Stack.of(this).stackName);
    const stepFunction = new AppFunction(this, 'StepFunction', {
      entry: 'functions/workflow/handler.ts',
      description: 'Transcription workflow steps',
      environment: { ...props.environment, MEDIA_FUNCTION_NAME: media.fn.functionName, TRANSCRIBE_JOB_PREFIX: jobPrefix },
      ...WORKFLOW_FUNCTION_SIZES,
    });
    const fn = (this.fn = stepFunction.fn);
    // The unqualified ARN only, as PrepareMedia calls it (no versions or aliases).
    fn.addToRolePolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [media.fn.functionArn] }));
    const stateMachineName = stateMachineNameOf(Stack.of(this).stackName);
    this.grantSteps(fn, props, jobPrefix);

    this.stateMachine = workflowStateMachine(this, { stateMachineName, aslPath: ASL_PATH, stepFunction: fn });

    // Transcribe reports the end of a job here; the step resumes the waiting execution by job name.
    new Rule(this, 'TranscribeJobStateChange', {
      description: 'Transcribe job finished: resume the waiting workflow execution',
      eventPattern: {
        source: [...TRANSCRIBE_JOB_ENDED.source],
        detailType: [...TRANSCRIBE_JOB_ENDED.detailType],
        // This stack's jobs only (job names and their events are account-wide).
        detail: { TranscriptionJobStatus: [...TRANSCRIBE_JOB_ENDED.status], TranscriptionJobName: [{ prefix: jobPrefix }] },
      },
      // As stepEventOf in functions/workflow/transcribe-events.ts (the local event bus).
      targets: [new LambdaFunction(fn, { event: RuleTargetInput.fromObject({ step: JOB_STATE_CHANGE_STEP, input: EventField.fromPath('$.detail') }) })],
    });
  }

  /** What the steps use: the media and bodies (S3), the items, Transcribe, Bedrock, and resuming executions. */
  private grantSteps(fn: IFunction, props: WorkflowProps, jobPrefix: string): void {
    const allow = (actions: string[], resources: string[]) => fn.addToRolePolicy(new PolicyStatement({ actions, resources }));
    // HeadObject is authorised by GetObject; Transcribe reads the media with it (the caller's permissions).
    // DeleteObject: a finished transcript goes into the user's search index, whose replaced shard versions are removed.
    grantUserObjects(fn, props.uploads, ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'], 'Reads recordings, writes results and updates the search index of any user under users/; which one is known only at run time.');
    // The engine files: the recording converted for Transcribe (functions/services/media/speech-audio.ts), which Transcribe reads, and
    // Transcribe's output, which it writes with the caller's PutObject; both go after the job.
    grantUserObjects(fn, props.uploads, ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'], "Writes, reads and removes the temporary engine files of any user's job under engine/; which user's is known only at run time.", ENGINE_FILES);
    // Without ListBucket, a missing object answers 403 instead of 404.
    allow(['s3:ListBucket'], [props.uploads.bucketArn]);
    // Transcript items, pending jobs (task tokens) and each user's speech-job slots (issue 16's per-user cap).
    allow(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'], [props.table.tableArn]);
    // Issue 30: the vector backfill reads the versions of a user's search-index shards (a query of the table, no index).
    allow(['dynamodb:Query'], [props.table.tableArn]);
    const stack = Stack.of(this);
    // StartTranscriptionJob has no resource type (Service Authorization Reference): "*", narrowed by its
    // condition keys to results written into our bucket under engine/ only.
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['transcribe:StartTranscriptionJob'],
        resources: ['*'],
        conditions: {
          StringEquals: { 'transcribe:OutputBucketName': props.uploads.bucketName },
          StringLike: { 'transcribe:OutputKey': ENGINE_FILES },
        },
      }),
    );
    // How a job stands, when its end event did not come in time, and removing its record once it ended: this stack's jobs only (<stack>-transcript-<id>).
    allow(['transcribe:GetTranscriptionJob', 'transcribe:DeleteTranscriptionJob'], [stack.formatArn({ service: 'transcribe', resource: 'transcription-job', resourceName: `${jobPrefix}*` })]);
    // Task tokens have no resource type either: the token itself is the capability.
    allow(['states:SendTaskSuccess', 'states:SendTaskFailure'], ['*']);
    // A cross-region inference profile routes to the model in several regions: the profile and the model in any region.
    const model = props.bedrockModelId.replace(/^(global|us|eu|apac|jp|au|ca)\./, '');
    allow(['bedrock:InvokeModel'], [
      stack.formatArn({ service: 'bedrock', resource: 'inference-profile', resourceName: props.bedrockModelId }),
      `arn:${stack.partition}:bedrock:*::foundation-model/${model}`,
    ]);
    // Search by meaning: a finished transcript's passages get their vectors as it is indexed.
    allow(['bedrock:InvokeModel'], [embeddingModelArn(stack)]);
    Validations.of(fn.role ?? fn).acknowledge(
      { id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:transcribe:<AWS::Region>:<AWS::AccountId>:transcription-job/${jobPrefix}*]`, reason: 'Job names are <stack>-transcript-<id>, known only at run time.' },
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'transcribe:StartTranscriptionJob and states:SendTaskSuccess/SendTaskFailure support no resource-level permissions (Service Authorization Reference); the Transcribe grant is narrowed by transcribe:OutputBucketName and transcribe:OutputKey.',
      },
      { id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:bedrock:*::foundation-model/${model}]`, reason: 'A cross-region inference profile may serve the model from any of its regions.' },
    );
  }
}
