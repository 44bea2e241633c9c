import { asyncLocalStorage } from '@temporalio/activity';

/** The activity's context when it runs under a worker; undefined when called directly (bench, tests). */
export const activityContext = () => asyncLocalStorage.getStore();
