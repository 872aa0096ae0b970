/**
 * Synthesizes the stack the way `cdk synth` does (cdk.json's feature flags, cdk-nag registered as in
 * infra/app.ts) but without bundling the Lambdas, so an infra test file stays fast. Each test file
 * synthesizes once, in beforeAll.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { loadDeployConfig } from '../../infra/config';
import { TranscribeStack, type TranscribeStackProps } from '../../infra/stack';

const CDK_JSON = path.resolve(__dirname, '../../cdk.json');

export interface Synthesized {
  app: App;
  stack: TranscribeStack;
  template: Template;
  nag: AwsSolutionsChecks;
}

export function synth(context: Record<string, unknown> = {}, props: Omit<TranscribeStackProps, 'config'> = {}): Synthesized {
  const flags = (JSON.parse(readFileSync(CDK_JSON, 'utf8')) as { context: Record<string, unknown> }).context;
  const app = new App({ context: { ...flags, ...context, 'aws:cdk:bundling-stacks': [] } });
  // Only the given context: the developer's DEPLOY_* variables must not change test results.
  const config = loadDeployConfig((key) => app.node.tryGetContext(key), {});
  const stack = new TranscribeStack(app, config.stackName, { ...props, config });
  const nag = new AwsSolutionsChecks(app, { verbose: true });
  Validations.of(app).addPlugins(nag);
  // Synthesis runs the validation plugins and throws the formatted report on any unacknowledged finding.
  const template = Template.fromStack(stack);
  return { app, stack, template, nag };
}

/** Failed nag checks, one readable line each (empty when every finding is fixed or acknowledged). */
export const nagFindings = ({ nag, app }: Synthesized): string[] =>
  nag.validateScope(app).violations.flatMap((violation) =>
    violation.violatingResources.map((resource) => `${violation.ruleName} at ${resource.constructPath ?? resource.resourceLogicalId}`),
  );

/** The logical id of the only resource of a type whose id starts with a prefix. */
export function logicalId(template: Template, type: string, prefix: string): string {
  const ids = Object.keys(template.findResources(type)).filter((id) => id.startsWith(prefix));
  if (ids.length !== 1) throw new Error(`Expected one ${type} starting with ${prefix}, found ${ids.join(', ') || 'none'}`);
  return ids[0]!;
}
