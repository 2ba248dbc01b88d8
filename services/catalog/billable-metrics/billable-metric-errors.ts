import { conflict, notFound, type AppError } from '../../platform/errors';

export const billableMetricNotFound = (id: string): AppError =>
  notFound('billable_metric_not_found', `Billable metric ${id} not found`);

export const billableMetricCodeTaken = (code: string): AppError =>
  conflict('billable_metric_code_taken', `A billable metric with code ${code} already exists`);

/** A charge prices the metric: deleting it would leave the charge pricing nothing. */
export const billableMetricInUse = (id: string): AppError =>
  conflict('billable_metric_in_use', `Billable metric ${id} is used by a charge`);
