export { checkTrainerData, TRAINER_DATA_FIELDS, type TrainerDataCheck, type TrainerDataField, type TrainerDataInput } from './completeness';
export { trainerBillingDataOf, trainerDisplayName, trainerName, trainerSnapshot, type TrainerBillingData, type TrainerNames, type TrainerSnapshot } from './trainer-facts';
