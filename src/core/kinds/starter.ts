/**
 * The evalgate.yml every `evalgate init` example starts from: one target provider, the
 * kind's suite entry, and the default gate written out so a newcomer sees where to tune it.
 */

/** A starter config around one suite entry (YAML lines indented as a `suites:` item). */
export function starterConfig(suiteEntry: string): string {
  return `# yaml-language-server: $schema=https://evalgate.dev/evalgate.schema.json
# evalgate configuration. Reference: the evalgate README.
version: 1
providers:
  target:
    model: gpt-4o-mini
    api-key-env: OPENAI_API_KEY   # the NAME of the variable that holds the key
    temperature: 0
    seed: 7
suites:
${suiteEntry}gate:
  max-drop: 0.05
  confidence: 0.95
`;
}
