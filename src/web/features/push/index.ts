export { PushPrompt } from './PushPrompt.js';
export { PUSH_SNOOZE_COOKIE } from './pushSnooze.js';
