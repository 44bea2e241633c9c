export * from './bank-file.types';
export * from './bank-file-error';
