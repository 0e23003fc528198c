// Names and numbers shared by the code-search server, its image and its smoke check, kept apart so
// the generate stage can use them without loading the MCP SDK.
export const MCP_PATH = '/mcp'
export const HEALTH_PATH = '/healthz'
export const DEFAULT_PORT = 8080
export const SERVER_NAME = 'code-search'
export const SERVER_VERSION = '1.0.0'
/** Tool names, in the order listed: the smoke check requires all of them. */
export const TOOL_NAMES = ['list_files', 'search_code', 'read_file', 'find_definitions'] as const

export type ToolName = (typeof TOOL_NAMES)[number]

/** One line per tool, for an instruction that tells the agent what the server offers. */
export const TOOL_SUMMARIES: Record<ToolName, string> = {
  list_files: 'list the repository\'s files, optionally under a folder or matching a glob',
  search_code: 'search the files for a text or a regular expression; matching lines by file',
  read_file: 'read a file, or a range of its lines, with line numbers',
  find_definitions: 'find where a class, function, method or variable is defined',
}
