export { checkTrainerData, TRAINER_DATA_FIELDS, type TrainerDataCheck, type TrainerDataField, type TrainerDataInput } from './completeness';
export { trainerDisplayName, trainerName, trainerSnapshot, type TrainerSnapshot } from './trainer-facts';
