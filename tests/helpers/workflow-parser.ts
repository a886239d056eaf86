// GitHub's own workflow parser (@actions/workflow-parser, the one behind the Actions
// language service): a workflow it rejects would fail on GitHub before any step ran.
// The package imports its JSON schema without an import attribute (it is built for
// bundlers); Node needs `type: json`, so a resolve hook adds it for that package only.
import { registerHooks } from 'node:module';

registerHooks({
  resolve(specifier, context, next) {
    const resolved = next(specifier, context);
    return resolved.url.endsWith('.json') && resolved.url.includes('/@actions/workflow-parser/')
      ? { ...resolved, importAttributes: { type: 'json' } }
      : resolved;
  },
});
const { parseWorkflow, convertWorkflowTemplate, NoOperationTraceWriter } = await import('@actions/workflow-parser');

/**
 * What GitHub's parser finds wrong with a workflow (unknown keys, wrong types, bad
 * expressions, jobs that need missing jobs), each with its line; [] when it is valid.
 */
export async function workflowErrors(name: string, content: string): Promise<string[]> {
  const result = parseWorkflow({ name, content }, new NoOperationTraceWriter());
  const errors = result.context.errors.getErrors().map((e) => e.message);
  if (result.value === undefined) return errors;
  const template = await convertWorkflowTemplate(result.context, result.value);
  for (const e of template.errors ?? []) if (!errors.includes(e.Message)) errors.push(e.Message);
  return errors;
}
