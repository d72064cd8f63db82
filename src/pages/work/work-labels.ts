import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { CompletionMode, CompletionRule } from '@/machines/job-completion/job-completion.types';
import type { WorkAction } from '@/machines/won-work/won-work.types';
import type { FeedbackCriterion, JobStatus, RecommendationReason, WonWorkTab } from '@/schemas/work';

/**
 * Message ids of won work (issue 7), written out so that `npm run i18n:check` sees every one: the tabs, the job
 * statuses of spec §4, the completion modes and rules, the feedback criteria of spec §3, the toasts of each action.
 */
export const TAB_MESSAGES = defineMessages({
  active: { id: 'work.tab.active' },
  completed: { id: 'work.tab.completed' },
  live_quotes: { id: 'work.tab.live_quotes' },
}) satisfies Record<WonWorkTab, MessageDescriptor>;

export const JOB_STATUS_MESSAGES = defineMessages({
  draft: { id: 'work.status.draft' },
  pending_allocation: { id: 'work.status.pending_allocation' },
  click_and_claim: { id: 'work.status.click_and_claim' },
  allocated: { id: 'work.status.allocated' },
  in_realisation: { id: 'work.status.in_realisation' },
  realised: { id: 'work.status.realised' },
  completed: { id: 'work.status.completed' },
  finalised: { id: 'work.status.finalised' },
  disbanded: { id: 'work.status.disbanded' },
}) satisfies Record<JobStatus, MessageDescriptor>;

export const MODE_MESSAGES = defineMessages({
  complete: { id: 'work.completion.mode.complete' },
  issue: { id: 'work.completion.mode.issue' },
  extraCost: { id: 'work.completion.mode.extraCost' },
}) satisfies Record<CompletionMode, MessageDescriptor>;

export const COMPLETION_ERROR_MESSAGES = defineMessages({
  required: { id: 'work.completion.error.required' },
  tooLong: { id: 'work.completion.error.tooLong' },
  notAmount: { id: 'work.completion.error.notAmount' },
  notPositive: { id: 'work.completion.error.notPositive' },
  tooLarge: { id: 'work.completion.error.tooLarge' },
}) satisfies Record<CompletionRule, MessageDescriptor>;

export const CRITERION_MESSAGES = defineMessages({
  punctuality: { id: 'work.feedback.punctuality' },
  communication: { id: 'work.feedback.communication' },
  care_of_goods: { id: 'work.feedback.care_of_goods' },
  presentation: { id: 'work.feedback.presentation' },
}) satisfies Record<FeedbackCriterion, MessageDescriptor>;

export const REASON_MESSAGES = defineMessages({
  near_base: { id: 'work.recommended.reason.near_base' },
  on_your_route: { id: 'work.recommended.reason.on_your_route' },
  fits_vehicle: { id: 'work.recommended.reason.fits_vehicle' },
}) satisfies Record<RecommendationReason, MessageDescriptor>;

export const NOTICE_MESSAGES = defineMessages({
  allocate_driver_success: { id: 'work.notice.allocate_driver.success' },
  allocate_driver_danger: { id: 'work.notice.allocate_driver.danger' },
  complete_success: { id: 'work.notice.complete.success' },
  complete_danger: { id: 'work.notice.complete.danger' },
  archive_success: { id: 'work.notice.archive.success' },
  archive_danger: { id: 'work.notice.archive.danger' },
  request_feedback_success: { id: 'work.notice.request_feedback.success' },
  request_feedback_danger: { id: 'work.notice.request_feedback.danger' },
}) satisfies Record<`${WorkAction}_${'success' | 'danger'}`, MessageDescriptor>;

/** A status's badge tone: to do (orange), under way (blue), done (green), paid out (dark blue). */
export const statusTone = (status: JobStatus): 'todo' | 'doing' | 'done' | 'paid' | 'other' =>
  status === 'allocated'
    ? 'todo'
    : status === 'in_realisation'
      ? 'doing'
      : status === 'realised' || status === 'completed'
        ? 'done'
        : status === 'finalised'
          ? 'paid'
          : 'other';
