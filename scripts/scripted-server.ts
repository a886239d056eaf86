// A scripted OpenAI-compatible server for CI smoke runs of the action (`uses: ./`):
// `node scripts/scripted-server.ts PORT_FILE` serves the demo's scripted replies on
// 127.0.0.1 and writes its base URL to PORT_FILE. Not a model; its replies are scripts.
import { writeFileSync } from 'node:fs';
import { contextLinesOf, scriptedJudgeReply, startFakeOpenAI } from '../tests/helpers/fake-openai.ts';
import { loadScriptTasks, roundTripReply } from '../tests/helpers/round-trip-script.ts';

const roundTrip = roundTripReply(loadScriptTasks(), { markCycles: false });
const server = await startFakeOpenAI(
  (request) => roundTrip(request) ?? scriptedJudgeReply(request) ?? { content: contextLinesOf(request)[1] ?? '' },
);
writeFileSync(process.argv[2] ?? 'scripted-server.url', server.url);
process.stdout.write(`scripted server (not a model) at ${server.url}\n`);
// Runs until the job ends or 10 minutes pass.
setTimeout(() => void server.close(), 600_000);
