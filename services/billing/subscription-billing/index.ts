export { applyLifecycleAction } from './lifecycle-action';
export { createLifecycleSteps, type LifecycleSteps } from './lifecycle-steps';
