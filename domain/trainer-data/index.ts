export { checkTrainerData, TRAINER_DATA_FIELDS, type TrainerDataCheck, type TrainerDataField, type TrainerDataInput } from './completeness';
