// The idempotency key of an outbox row names its studio group first:
// `{studioGroupUuid}:{purpose}:{reference}`, e.g.
// `0b5c…:settlement-preview:{settlementUuid}:{trainerUuid}`. The outgoing_email table has no studio
// group column, so the Outbox page of a group reads the rows whose key starts with `{uuid}:`; a
// uuid has a fixed length and no ':' of its own, so one group's prefix never matches another's.

export type OutboxKeyParts = { studioGroupUuid: string; purpose: string; reference: string };

export const outboxKey = ({ studioGroupUuid, purpose, reference }: OutboxKeyParts) => `${studioGroupUuid.toLowerCase()}:${purpose}:${reference}`;

/** What every key of the studio group's e-mails starts with. */
export const outboxKeyPrefix = (studioGroupUuid: string) => `${studioGroupUuid.toLowerCase()}:`;

export function parseOutboxKey(key: string): OutboxKeyParts | null {
  const [studioGroupUuid, purpose, ...reference] = key.split(':');
  if (!studioGroupUuid || !purpose || reference.length === 0) return null;
  return { studioGroupUuid, purpose, reference: reference.join(':') };
}
