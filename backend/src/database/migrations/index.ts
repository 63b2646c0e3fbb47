import type { MigrationInterface } from 'typeorm';
import { Initial1795300379082 } from './1795300379082-initial';
import { AddReservations1795469171403 } from './1795469171403-add-reservations';
import { AddLogDeadLetters1795469231680 } from './1795469231680-add-log-dead-letters';
import { AddLogInbox1795476000000 } from './1795476000000-add-log-inbox';
import { AddSessions1795479534576 } from './1795479534576-add-sessions';
import { AddQuotaAlerts1795493000000 } from './1795493000000-add-quota-alerts';
import { AddVerificationCodes1795500000000 } from './1795500000000-add-verification-codes';
import { AddOAuthStates1795500539775 } from './1795500539775-add-oauth-states';
import { AddQuotaDataTotals1795501369413 } from './1795501369413-add-quota-data-totals';
import { AddChannelKeyStates1795517872768 } from './1795517872768-add-channel-key-states';
import { AddAbilityChannelIndex1795949116118 } from './1795949116118-add-ability-channel-index';
import { AddChannelBatches1795981897680 } from './1795981897680-add-channel-batches';
import { ClusteredAbilities1795983000000 } from './1795983000000-clustered-abilities';

/** Every migration, oldest first. */
export const MIGRATIONS: (new () => MigrationInterface)[] = [
  Initial1795300379082,
  AddReservations1795469171403,
  AddLogDeadLetters1795469231680,
  AddLogInbox1795476000000,
  AddSessions1795479534576,
  AddQuotaAlerts1795493000000,
  AddVerificationCodes1795500000000,
  AddOAuthStates1795500539775,
  AddQuotaDataTotals1795501369413,
  AddChannelKeyStates1795517872768,
  AddAbilityChannelIndex1795949116118,
  AddChannelBatches1795981897680,
  ClusteredAbilities1795983000000,
];
