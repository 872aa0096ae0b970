/** One structured logger (AWS Powertools) for every handler; never log secrets, cookies or bodies. */
import { Logger } from '@aws-lambda-powertools/logger';

export const logger = new Logger({ serviceName: 'transcribe-app' });
