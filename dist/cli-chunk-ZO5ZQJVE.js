import { createRequire as __evalgateCreateRequire } from 'node:module';
const require = __evalgateCreateRequire(import.meta.url);

// src/version.ts
var TOOL_VERSION = "0.1.0";
function isVersionRequest(first) {
  return first === "--version" || first === "-v" || first === "-V" || first === "version";
}

export {
  TOOL_VERSION,
  isVersionRequest
};
