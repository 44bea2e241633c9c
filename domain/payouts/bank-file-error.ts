import { translate, type MessageKey, type MessageParams } from '../messages';

/**
 * A refused bank file: a catalogue key and its parameters (the admin reads it in their language),
 * and the English text as the error's message for the log. Nothing of a refused file is applied.
 */
export class BankFileError extends Error {
  constructor(
    readonly messageKey: MessageKey,
    readonly params: MessageParams = {},
  ) {
    super(translate('en', messageKey, params));
    this.name = 'BankFileError';
  }
}
