// The assistant module's face (issue 24): the chat, its tools, the model settings, access tokens and MCP.
export { assistantRoutes } from './assistant.routes.ts';
export { INTERNAL_CALL_HEADER } from './api-caller.ts';
export { mcpRoutes } from './mcp.routes.ts';
