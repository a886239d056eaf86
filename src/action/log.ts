/**
 * The action's only way to the runner's log: every line, annotation and failure message
 * goes through logText (core/log-text.ts), so no text a pull request or a model wrote can
 * start a workflow command (`::error::`, `::add-mask::`, `::stop-commands::`, `##[…]`).
 * Lint forbids calling @actions/core's log functions anywhere else in src/action/.
 */
import * as core from '@actions/core';
import { logText } from '../core/log-text.ts';

/** A plain log line. */
export function info(message: string): void {
  core.info(logText(message));
}

/** A `::warning` annotation. */
export function warning(message: string, properties: core.AnnotationProperties = {}): void {
  core.warning(logText(message), safeProperties(properties));
}

/** A `::error` annotation. */
export function error(message: string, properties: core.AnnotationProperties = {}): void {
  core.error(logText(message), safeProperties(properties));
}

/** A `::notice` annotation. */
export function notice(message: string, properties: core.AnnotationProperties = {}): void {
  core.notice(logText(message), safeProperties(properties));
}

/** Fails the step with a message (an `::error` annotation and exit code 1). */
export function setFailed(message: string): void {
  core.setFailed(logText(message));
}

// Titles and file names are escaped by @actions/core as properties; control characters are shown escaped too.
function safeProperties(p: core.AnnotationProperties): core.AnnotationProperties {
  return {
    ...p,
    ...(p.title !== undefined ? { title: logText(p.title).replaceAll('\n', ' ') } : {}),
    ...(p.file !== undefined ? { file: logText(p.file).replaceAll('\n', ' ') } : {}),
  };
}
