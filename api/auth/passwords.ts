// The password hash is a rule of its own (argon2id, OWASP parameters) that the seed uses too, so
// it lives in domain/passwords; the API's sign-in and account routes keep importing it from here.
export { hashPassword, verifyPassword } from '../../domain/passwords';
