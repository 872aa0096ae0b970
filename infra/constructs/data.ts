/** The single DynamoDB table (docs/architecture.md#data), built from the same schema ElectroDB and the local stack use. */
import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { TABLE_SCHEMA } from '../../functions/data/table-schema';

export interface DataProps {
  removalPolicy: RemovalPolicy;
}

export class Data extends Construct {
  readonly table: Table;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    const string = (name: string) => ({ name, type: AttributeType.STRING });

    this.table = new Table(this, 'Table', {
      partitionKey: string(TABLE_SCHEMA.partitionKey),
      sortKey: string(TABLE_SCHEMA.sortKey),
      // On-demand: no cost at rest beyond storage, and no capacity to plan.
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TABLE_SCHEMA.ttlAttribute,
      deletionProtection: props.removalPolicy === RemovalPolicy.RETAIN,
      removalPolicy: props.removalPolicy,
    });

    for (const index of Object.values(TABLE_SCHEMA.indexes)) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: string(index.partitionKey),
        sortKey: string(index.sortKey),
      });
    }
  }
}
