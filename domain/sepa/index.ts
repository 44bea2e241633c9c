export {
  buildPain001,
  centsToSepaAmount,
  defaultRemittanceInformation,
  PAIN_001_NAMESPACE,
  SepaFileError,
  ZPain001Input,
  ZSepaAddress,
  ZSepaParty,
  ZSepaPayment,
  type TPain001Input,
  type TSepaAddress,
  type TSepaParty,
  type TSepaPayment,
} from './pain001';
export { isSepaIdentifier, toSepaText, toSepaTextMax } from './transliterate';
