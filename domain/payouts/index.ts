export * from './bank-file.types';
export * from './bank-file-error';
export * from './bank-file';
export * from './bank-file-builders';
export * from './bank-matching';
export * from './reason-codes';
