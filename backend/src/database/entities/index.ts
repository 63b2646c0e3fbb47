import { AbilityEntity } from './ability.entity';
import { ChannelEntity } from './channel.entity';
import { CheckInEntity } from './check-in.entity';
import { CreativeTaskEntity } from './creative-task.entity';
import { DrawingTaskEntity } from './drawing-task.entity';
import { LogDeadLetterEntity } from './log-dead-letter.entity';
import { LogEntity } from './log.entity';
import { OAuthStateEntity } from './oauth-state.entity';
import { OptionEntity } from './option.entity';
import { QuotaDataEntity, QuotaDataTotalEntity } from './quota-data.entity';
import { RedemptionEntity, RedemptionUseEntity } from './redemption.entity';
import { ReservationEntity } from './reservation.entity';
import { QuotaAlertEntity } from './quota-alert.entity';
import { SessionEntity } from './session.entity';
import { SetupEntity } from './setup.entity';
import { TokenEntity } from './token.entity';
import { TopUpEntity } from './top-up.entity';
import { UserEntity } from './user.entity';
import { VerificationCodeEntity } from './verification-code.entity';
import { ChannelKeyStateEntity } from './channel-key-state.entity';
import { ChannelBatchEntity, ChannelBatchItemEntity } from './channel-batch.entity';

export {
  AbilityEntity,
  ChannelEntity,
  CheckInEntity,
  CreativeTaskEntity,
  DrawingTaskEntity,
  LogDeadLetterEntity,
  LogEntity,
  OAuthStateEntity,
  OptionEntity,
  QuotaAlertEntity,
  QuotaDataEntity,
  QuotaDataTotalEntity,
  RedemptionEntity,
  RedemptionUseEntity,
  ReservationEntity,
  SessionEntity,
  SetupEntity,
  TokenEntity,
  TopUpEntity,
  UserEntity,
  VerificationCodeEntity,
  ChannelKeyStateEntity,
  ChannelBatchEntity,
  ChannelBatchItemEntity,
};

export const ENTITIES = [
  AbilityEntity,
  ChannelEntity,
  CheckInEntity,
  CreativeTaskEntity,
  DrawingTaskEntity,
  LogDeadLetterEntity,
  LogEntity,
  OAuthStateEntity,
  OptionEntity,
  QuotaAlertEntity,
  QuotaDataEntity,
  QuotaDataTotalEntity,
  RedemptionEntity,
  RedemptionUseEntity,
  ReservationEntity,
  SessionEntity,
  SetupEntity,
  TokenEntity,
  TopUpEntity,
  UserEntity,
  VerificationCodeEntity,
  ChannelKeyStateEntity,
  ChannelBatchEntity,
  ChannelBatchItemEntity,
];
