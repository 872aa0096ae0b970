/** Bedrock resources the functions are granted (issue 30: search by meaning). */
import { Stack } from 'aws-cdk-lib';
import { EMBEDDING_MODEL_ID } from '../../functions/domain/constants';

/** Titan Text Embeddings V2 in the stack's own region: called on demand, without an inference profile. */
export const embeddingModelArn = (stack: Stack): string => stack.formatArn({ service: 'bedrock', account: '', resource: 'foundation-model', resourceName: EMBEDDING_MODEL_ID });
