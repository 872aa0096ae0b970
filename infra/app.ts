/** CDK entry point (cdk.json): reads and validates the deploy configuration, builds the stack, runs cdk-nag. */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { loadDeployConfig } from './config';
import { TranscribeStack } from './stack';

const app = new App();
const config = loadDeployConfig((key) => app.node.tryGetContext(key));
new TranscribeStack(app, config.stackName, {
  config,
  description: 'Transcription app: site, API, identity, data and workflow',
});
// cdk-nag 3 is a policy-validation plugin: any finding not fixed or acknowledged (next to its resource,
// with the reason) fails the synth.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
