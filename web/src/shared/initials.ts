// One rule for the avatars on screen and the default logo the server draws (domain/studio-group-logo.ts).
export { initialsOf } from '../../../domain/initials';
