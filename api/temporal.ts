import { Client, Connection } from '@temporalio/client';

export async function connectTemporalClient({ address, namespace }: { address: string; namespace: string }) {
  const connection = await Connection.connect({ address });
  return { client: new Client({ connection, namespace }), connection };
}
