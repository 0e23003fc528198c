// Validation test suites (docs/locobench-format.md §6, deterministic per category) and agent scenarios (§7).
import type { Category, Difficulty } from '../lib/ids.ts'
import type { Rng } from './prng.ts'
import { pyFloat } from './pyjson.ts'

type Test = { name: string; description: string; type: string; weight: ReturnType<typeof pyFloat> }
const t = (type: string, name: string, description: string, weight: number): Test => ({ name, description, type, weight: pyFloat(weight) })

export function validationSuite(scenarioId: string, category: Category): Record<string, unknown> {
  const compilation = [
    t('compilation', 'syntax_validation', 'Check if generated code has valid syntax', 0.3),
    t('compilation', 'import_resolution', 'Verify all imports can be resolved', 0.2),
    t('compilation', 'type_checking', 'Basic type consistency checks', 0.2),
  ]
  if (category === 'feature_implementation') compilation.push(t('compilation', 'api_endpoint_structure', 'New API endpoints follow the existing structure', 0.3))
  if (category === 'cross_file_refactoring') compilation.push(t('compilation', 'refactor_consistency', 'Refactored references stay consistent across files', 0.3))
  const unit = [
    t('unit', 'function_signature_preservation', 'Public function signatures are preserved', 0.25),
    t('unit', 'error_handling', 'Proper error handling for edge cases', 0.25),
    t('unit', 'input_validation', 'Input validation works correctly', 0.25),
    t('unit', 'output_correctness', 'Functions return expected outputs', 0.25),
  ]
  if (category === 'bug_investigation') unit.push(t('unit', 'bug_fix_verification', 'The reported bug no longer reproduces', 0.4))
  if (category === 'security_analysis') unit.push(t('unit', 'vulnerability_mitigation', 'Identified vulnerabilities are mitigated', 0.4))
  return {
    scenario_id: scenarioId,
    task_category: category,
    tests: {
      compilation,
      unit,
      integration: [
        t('integration', 'module_integration', 'Modified modules integrate correctly', 0.3),
        t('integration', 'database_integration', 'Database operations work end-to-end', 0.3),
        t('integration', 'api_integration', 'API endpoints work with existing system', 0.4),
      ],
      performance: [
        t('performance', 'execution_time', 'Code executes within reasonable time limits', 0.4),
        t('performance', 'memory_usage', 'Memory usage is within acceptable bounds', 0.3),
        t('performance', 'scalability', 'Solution scales appropriately with input size', 0.3),
      ],
      security: [
        t('security', 'injection_prevention', 'Code prevents injection attacks', 0.3),
        t('security', 'input_sanitization', 'User inputs are properly sanitized', 0.3),
        t('security', 'access_control', 'Proper access controls are implemented', 0.4),
      ],
    },
  }
}

export const AGENT_CATEGORY: Record<Category, string> = {
  code_comprehension: 'interactive_code_exploration',
  architectural_understanding: 'interactive_architecture_exploration',
  bug_investigation: 'interactive_debugging_sessions',
  feature_implementation: 'collaborative_feature_development',
  cross_file_refactoring: 'guided_multi_file_refactoring',
  integration_testing: 'test_driven_development_sessions',
  security_analysis: 'interactive_security_auditing',
  multi_session_development: 'extended_development_projects',
}

const LIMITS: Record<Difficulty, [number, number, number]> = {
  easy: [20, 30, 500000], medium: [30, 45, 750000], hard: [40, 60, 1000000], expert: [50, 90, 1500000],
}

interface PhaseText { name: string; prompt: string; actions: string[]; success: string[]; dynamic: Record<string, string> }

const PHASES: Record<string, PhaseText> = {
  exploration: { name: 'Code Exploration', prompt: '', actions: ['read_file', 'search_code', 'list_files'], success: ['understanding', 'analysis', 'exploration_complete'], dynamic: { file_read: "Based on what you've found, continue exploring other relevant files in the codebase.", analysis_started: "Please provide more detailed analysis of the code structure and patterns you've identified.", partial_understanding: 'Can you elaborate on your findings and explore additional aspects of the codebase?' } },
  diagnosis: { name: 'Problem Diagnosis', prompt: 'Identify the root cause of the reported problem and the files involved', actions: ['read_file', 'search_code', 'debugger'], success: ['root_cause_identified', 'files_located'], dynamic: { hypothesis_formed: 'Which evidence in the code supports your hypothesis?', dead_end: 'Revisit the call chain and look for state shared between components.' } },
  solution: { name: 'Solution Implementation', prompt: 'Implement and verify a fix for the diagnosed problem', actions: ['write_file', 'compiler', 'test_runner'], success: ['fix_implemented', 'code_compiles', 'tests_pass'], dynamic: { implementation_started: 'Continue implementing the fix. Use write_file to modify the code.', compilation_issues: 'Address any compilation errors and continue with your fix.' } },
  planning: { name: 'Feature Planning', prompt: 'Plan the feature: the components to change, the new interfaces and the tests', actions: ['read_file', 'search_code', 'write_file'], success: ['plan_created', 'components_identified'], dynamic: { plan_started: 'Which existing modules will the feature touch, and why?' } },
  implementation: { name: 'Implementation', prompt: 'Implement the required changes in the codebase', actions: ['write_file', 'compiler', 'test_runner'], success: ['changes_implemented', 'code_compiles'], dynamic: { implementation_started: 'Continue implementing. Use write_file to create or modify code.', compilation_issues: 'Address any compilation errors and continue with your implementation.' } },
  testing: { name: 'Testing & Validation', prompt: 'Write and run tests that demonstrate the feature works', actions: ['write_file', 'test_runner'], success: ['tests_written', 'tests_pass'], dynamic: { tests_failing: 'Investigate the failing tests and fix the implementation or the tests.' } },
  analysis: { name: 'Deep Analysis', prompt: 'Perform a detailed analysis of the architecture and design patterns', actions: ['search_code', 'read_file', 'trace_dependencies'], success: ['architecture_understood', 'patterns_identified'], dynamic: { analysis_started: 'Continue your architectural analysis. What patterns and structures do you see?', patterns_emerging: 'Based on your analysis, can you identify additional architectural patterns?', deeper_understanding: "Please provide more detailed insights into the system's design." } },
  analysis_implementation: { name: 'Analysis Implementation', prompt: 'Based on your analysis, implement improvements, fixes, or enhancements to demonstrate your understanding', actions: ['write_file', 'compiler', 'test_runner'], success: ['improvements_implemented', 'code_compiles', 'understanding_demonstrated'], dynamic: { implementation_started: 'Continue implementing improvements based on your analysis. Use write_file to create or modify code.', compilation_issues: 'Address any compilation errors and continue with your implementation.', demonstration_needed: 'How does your implementation demonstrate your understanding of the architecture?' } },
  documentation: { name: 'Documentation Creation', prompt: 'Create comprehensive documentation of your findings and implemented changes', actions: ['write_file', 'create_diagrams'], success: ['documentation_created', 'insights_documented', 'changes_documented'], dynamic: { documentation_started: 'Continue documenting your architectural findings, insights, and implemented changes.', more_detail_needed: 'Please provide more comprehensive documentation of both the analysis and implementation.', insights_sharing: 'Can you elaborate on the key insights and how your implementation addresses them?' } },
}

function phases(category: Category, expert: boolean, description: string): unknown[] {
  const plan: [string, string, number][] = [['exploration', 'exploration', expert ? 8 : 6]]
  if (category === 'bug_investigation') plan.push(['diagnosis', 'diagnosis', expert ? 10 : 7], ['solution', 'solution', expert ? 12 : 8])
  else if (category === 'feature_implementation') plan.push(['planning', 'planning', 6], ['implementation', 'implementation', expert ? 15 : 10], ['testing', 'testing', 8])
  else if (category === 'architectural_understanding' || category === 'code_comprehension') plan.push(['analysis', 'analysis', expert ? 10 : 7], ['implementation', 'analysis_implementation', expert ? 12 : 8], ['documentation', 'documentation', 6])
  else plan.push(['implementation', 'implementation', expert ? 12 : 8])
  return plan.map(([id, key, turns]) => {
    const p = PHASES[key]
    return {
      phase_id: id, name: p.name, initial_prompt: id === 'exploration' ? `Explore and understand the codebase. ${description}` : p.prompt,
      expected_actions: p.actions, success_conditions: p.success, max_turns_in_phase: turns, dynamic_prompts: p.dynamic,
    }
  })
}

function tools(rng: Rng, category: string, difficulty: Difficulty): string[] {
  const set = new Set(['file_system', 'echo', 'calculator'])
  if (category.includes('debugging')) set.add('debugger').add('compiler')
  if (category.includes('development')) set.add('ide_simulator').add('compiler')
  if (category.includes('architecture') || category.includes('exploration')) set.add('ide_simulator')
  if (category.includes('security')) set.add('debugger')
  if (difficulty === 'hard' || difficulty === 'expert') set.add('ide_simulator').add('debugger')
  // Built from a Python set in the original, so the order differs between files.
  return rng.shuffle([...set])
}

export interface AgentInput {
  rng: Rng
  scenario: Record<string, unknown> & { id: string; title: string; description: string; task_category: Category; difficulty: Difficulty; context_files: string[] }
  spec: Record<string, unknown>
  projectId: string
  projectName: string
  /** The project_files array, serialised once per project. */
  projectFiles: unknown
  convertedAt: string
}

export function agentScenario(a: AgentInput): Record<string, unknown> {
  const s = a.scenario
  const difficulty = s.difficulty.toLowerCase() as Difficulty
  const category = AGENT_CATEGORY[s.task_category]
  const [turns, minutes, window] = LIMITS[difficulty]
  return {
    scenario_id: s.id,
    title: s.title,
    description: s.description,
    category,
    difficulty,
    context_files: s.context_files,
    working_directory: s.id.split('_').slice(0, 4).join('_'),
    conversation_phases: phases(s.task_category, difficulty === 'expert', s.description),
    available_tools: tools(a.rng, category, difficulty),
    max_turns: turns,
    max_duration_minutes: minutes,
    context_window_tokens: window,
    project_files: a.projectFiles,
    project_spec: a.spec,
    project_directory: `data/generated/${a.projectId}`,
    project_name: a.projectName,
    original_scenario: s,
    _conversion_metadata: { converted_at: a.convertedAt, converter_version: '1.0', source: 'single_turn_scenario' },
  }
}
