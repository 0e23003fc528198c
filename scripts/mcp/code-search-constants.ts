// Names and numbers shared by the code-search server, its image and its smoke check, kept apart so
// the generate stage can use them without loading the MCP SDK.
export const MCP_PATH = '/mcp'
export const HEALTH_PATH = '/healthz'
export const DEFAULT_PORT = 8080
export const SERVER_NAME = 'code-search'
export const SERVER_VERSION = '1.0.0'
/** Tool names, in the order listed: the smoke check requires all of them. */
export const TOOL_NAMES = ['list_files', 'search_code', 'read_file', 'find_definitions'] as const
