// Project file trees (docs/locobench-format.md §8): layout A (one LLM-named wrapper folder),
// B (several top-level folders) and C (the exact fallback module tree). A and B list paths with
// `//` separators as the real metadata does; C uses single `/`.
import type { Language } from '../lib/ids.ts'
import type { Rng } from './prng.ts'
import { kebab, pascal, snake } from './words.ts'

export type Layout = 'A' | 'B' | 'C'

export type FileKind =
  | 'code' | 'markdown' | 'json' | 'yaml' | 'toml' | 'xml' | 'shell' | 'dockerfile' | 'cmake'
  | 'makefile' | 'ignore' | 'license' | 'requirements' | 'puml' | 'graphql' | 'sql' | 'html'
  | 'ini' | 'plain'

export interface PlannedFile {
  /** As listed in project_metadata.json files[].path and context_files. */
  path: string
  /** Posix path relative to the project dir, as on disk. */
  disk: string
  kind: FileKind
  /** The language a `code` file is written in. */
  codeLang: Language
  /** File name without extensions, e.g. `texture_service`. */
  module: string
  /** The domain component the file belongs to, '' for shared files. */
  component: string
}

export interface TreeNames {
  /** snake_case package name, e.g. `synesthetic_canvas`. */
  pkg: string
  /** PascalCase project name, e.g. `SynestheticCanvas`. */
  pascalName: string
  /** 2-3 letter C prefix, e.g. `sc`. */
  prefix: string
  org: string
}

interface Recipe {
  root: string[]
  shared: string[]
  component: string[]
  docs: string[]
}

const FALLBACK_EXT: Record<Language, string> = {
  python: '.py', javascript: '.js', typescript: '.ts', java: '.java', cpp: '.cpp', go: '.go',
  c: '.txt', csharp: '.txt', rust: '.txt', php: '.txt',
}

const CODE_EXT: Record<string, Language> = {
  '.py': 'python', '.c': 'c', '.h': 'c', '.cpp': 'cpp', '.hpp': 'cpp', '.cc': 'cpp', '.java': 'java',
  '.cs': 'csharp', '.js': 'javascript', '.jsx': 'javascript', '.ts': 'typescript', '.tsx': 'typescript',
  '.go': 'go', '.rs': 'rust', '.php': 'php',
}

const KIND_BY_EXT: Record<string, FileKind> = {
  '.md': 'markdown', '.rst': 'markdown', '.json': 'json', '.yml': 'yaml', '.yaml': 'yaml',
  '.toml': 'toml', '.example': 'toml', '.xml': 'xml', '.csproj': 'xml', '.plist': 'xml', '.sh': 'shell',
  '.puml': 'puml', '.graphql': 'graphql', '.sql': 'sql', '.html': 'html', '.twig': 'html', '.ini': 'ini',
  '.sln': 'plain', '.mod': 'requirements', '.txt': 'plain',
}

const KIND_BY_NAME: Record<string, FileKind> = {
  'Dockerfile': 'dockerfile', 'CMakeLists.txt': 'cmake', 'Makefile': 'makefile', '.gitignore': 'ignore',
  '.dockerignore': 'ignore', 'LICENSE': 'license', 'requirements.txt': 'requirements', 'Doxyfile': 'ini',
  '.env.example': 'ini', 'conanfile.txt': 'ini',
}

function classify(rel: string, language: Language, fallback: boolean): { kind: FileKind; codeLang: Language } {
  const name = rel.slice(rel.lastIndexOf('/') + 1)
  if (KIND_BY_NAME[name]) return { kind: KIND_BY_NAME[name], codeLang: language }
  const ext = name.includes('.') ? name.slice(name.lastIndexOf('.')) : ''
  if (fallback && ext === '.txt') return { kind: 'code', codeLang: language }
  // "Binary" extensions holding source text (docs/locobench-format.md §10.7).
  if (ext === '.png' || ext === '.ico' || ext === '.icns') return { kind: 'code', codeLang: language }
  const code = CODE_EXT[ext]
  if (code) return { kind: 'code', codeLang: ext === '.h' && language === 'cpp' ? 'cpp' : code }
  return { kind: KIND_BY_EXT[ext] ?? 'plain', codeLang: language }
}

const moduleOf = (rel: string): string => {
  const name = rel.slice(rel.lastIndexOf('/') + 1)
  const dot = name.indexOf('.', 1)
  return dot > 0 ? name.slice(0, dot) : name.replace(/^\./, '')
}

function recipe(language: Language, n: TreeNames): Recipe {
  const { pkg, pascalName: P, prefix: p } = n
  const jp = `src/main/java/com/${n.org}/${pkg.replace(/_/g, '')}`
  const jt = `src/test/java/com/${n.org}/${pkg.replace(/_/g, '')}`
  switch (language) {
    case 'python': return {
      root: ['README.md', 'pyproject.toml', 'requirements.txt', '.gitignore', 'LICENSE', 'Dockerfile', 'docker-compose.yml', 'Makefile'],
      shared: [`${pkg}/__init__.py`, `${pkg}/main.py`, `${pkg}/config.py`, `${pkg}/core/exceptions.py`, `${pkg}/security/auth.py`, `${pkg}/core/events.py`, `${pkg}/api/app.py`, 'configs/default.json', `${pkg}/core/logging_utils.py`, `${pkg}/security/token_service.py`, 'tests/conftest.py', `${pkg}/api/dependencies.py`, 'configs/production.json', 'tests/integration/test_api_flow.py', 'infra/k8s/deployment.yaml', 'infra/scripts/bootstrap.sh', `${pkg}/core/__init__.py`, 'configs/development.json'],
      component: [`${pkg}/{c}/service.py`, `${pkg}/{c}/models.py`, `${pkg}/{c}/__init__.py`, `${pkg}/{c}/repository.py`, `${pkg}/{c}/handlers.py`, 'tests/unit/test_{c}_service.py', `${pkg}/{c}/schemas.py`, 'tests/fixtures/{c}_samples.json'],
      docs: ['docs/architecture.md', 'docs/README.md', 'docs/api/reference.md', 'CONTRIBUTING.md', 'docs/deployment.rst', 'CHANGELOG.md'],
    }
    case 'cpp': return {
      root: ['CMakeLists.txt', 'README.md', '.gitignore', 'LICENSE', 'Dockerfile', 'conanfile.txt'],
      shared: ['src/main.cpp', 'src/app/Application.cpp', `include/${pkg}/app/Application.hpp`, 'src/core/Config.cpp', `include/${pkg}/core/Config.hpp`, 'src/security/AuthManager.cpp', `include/${pkg}/security/AuthManager.hpp`, 'src/core/Logger.cpp', `include/${pkg}/core/Logger.hpp`, 'src/core/EventBus.cpp', `include/${pkg}/core/EventBus.hpp`, 'config/app_config.json', 'tests/test_main.cpp', 'scripts/build.sh'],
      component: ['src/{c}/{C}Service.cpp', `include/${pkg}/{c}/{C}Service.hpp`, 'src/{c}/{C}Manager.cpp', `include/${pkg}/{c}/{C}Manager.hpp`, 'src/{c}/{C}Model.cpp', `include/${pkg}/{c}/{C}Model.hpp`, 'src/{c}/{c}_handler.cpp', 'tests/{c}/test_{c}_service.cpp'],
      docs: ['docs/architecture.md', 'docs/build.md', 'docs/api.md', 'CONTRIBUTING.md', 'docs/diagrams/components.puml'],
    }
    case 'java': return {
      root: ['pom.xml', 'README.md', '.gitignore', 'Dockerfile', 'docker-compose.yml', 'LICENSE'],
      shared: [`${jp}/Application.java`, `${jp}/config/AppConfig.java`, `${jp}/security/JwtTokenProvider.java`, `${jp}/config/SecurityConfig.java`, `${jp}/common/ApiException.java`, 'src/main/resources/application.yml', `${jp}/security/AuthFilter.java`, `${jp}/common/GlobalExceptionHandler.java`, `${jp}/util/DateUtils.java`, 'src/main/resources/application-prod.yml', 'src/main/resources/db/migration/V1__init.sql', `${jt}/ApplicationTests.java`],
      component: [`${jp}/{c}/{C}Controller.java`, `${jp}/{c}/{C}Service.java`, `${jp}/{c}/{C}Repository.java`, `${jp}/{c}/{C}.java`, `${jp}/{c}/dto/{C}Request.java`, `${jp}/{c}/dto/{C}Response.java`, `${jt}/{c}/{C}ServiceTest.java`],
      docs: ['docs/architecture.md', 'docs/api.md', 'docs/runbook.md'],
    }
    case 'c': return {
      root: ['CMakeLists.txt', 'README.md', '.gitignore', 'LICENSE', 'CONTRIBUTING.md', 'docker-compose.yml', 'Doxyfile'],
      shared: ['api-gateway/src/main.c', 'api-gateway/src/gateway_server.c', 'api-gateway/include/gateway_server.h', `libs/${p}_common/include/${p}_config.h`, `libs/${p}_common/src/${p}_config.c`, 'api-gateway/src/middleware/auth.c', 'api-gateway/include/middleware/auth.h', `libs/${p}_ipc/src/${p}_ipc.c`, `libs/${p}_ipc/include/${p}_ipc.h`, `libs/${p}_common/src/${p}_logging.c`, `libs/${p}_common/include/${p}_logging.h`, `libs/${p}_common/include/${p}_errors.h`, 'api-gateway/src/middleware/rate_limiter.c', 'api-gateway/src/router.c', 'api-gateway/tests/test_routing.c', 'api-gateway/CMakeLists.txt', 'scripts/build.sh', 'scripts/run_dev.sh', 'config/default.toml.example'],
      component: ['services/{k}-service/src/{c}_service.c', 'services/{k}-service/include/{c}_service.h', 'services/{k}-service/src/main.c', 'services/{k}-service/src/{c}_handler.c', 'services/{k}-service/src/{c}_repository.c', 'services/{k}-service/tests/test_{c}_service.c', 'services/{k}-service/src/models/{c}.c', 'services/{k}-service/include/models/{c}.h', 'services/{k}-service/CMakeLists.txt', 'services/{k}-service/Dockerfile', 'services/{k}-service/README.md', 'services/{k}-service/config/{c}.toml.example'],
      docs: ['docs/index.md', 'docs/architecture/overview.md', 'docs/architecture/data_flow.puml', 'docs/api/v1_rest.md'],
    }
    case 'csharp': return {
      root: [`${P}.sln`, 'README.md', '.gitignore', 'Dockerfile', 'docker-compose.yml', 'LICENSE'],
      shared: [`src/${P}.Api/Program.cs`, `src/${P}.Api/${P}.Api.csproj`, `src/${P}.Api/appsettings.json`, `src/${P}.Api/Auth/TokenService.cs`, `src/${P}.Api/Middleware/ErrorHandlingMiddleware.cs`, `src/${P}.Core/Common/Result.cs`, `src/${P}.Infrastructure/Persistence/AppDbContext.cs`, `src/${P}.Core/${P}.Core.csproj`, `src/${P}.Infrastructure/${P}.Infrastructure.csproj`, `src/${P}.Api/appsettings.Development.json`, `tests/${P}.Tests/${P}.Tests.csproj`],
      component: [`src/${P}.Api/Controllers/{C}Controller.cs`, `src/${P}.Application/Services/{C}Service.cs`, `src/${P}.Core/Entities/{C}.cs`, `src/${P}.Core/Interfaces/I{C}Repository.cs`, `src/${P}.Infrastructure/Repositories/{C}Repository.cs`, `src/${P}.Application/Dtos/{C}Dto.cs`, `tests/${P}.Tests/{C}ServiceTests.cs`],
      docs: ['docs/architecture.md', 'docs/adr/0001-record-architecture-decisions.md', 'docs/adr/0002-use-clean-architecture.md'],
    }
    case 'javascript': return {
      root: ['package.json', 'README.md', '.gitignore', '.eslintrc.json', 'Dockerfile', 'docker-compose.yml', '.env.example'],
      shared: ['src/index.js', 'src/app.js', 'src/config/index.js', 'src/middleware/auth.js', 'src/utils/logger.js', 'src/middleware/errorHandler.js', 'src/services/tokenService.js', 'src/config/database.js', 'src/utils/validation.js', 'tests/setup.js', 'tests/integration/api.test.js'],
      component: ['src/{c}/{c}.service.js', 'src/{c}/{c}.controller.js', 'src/{c}/{c}.model.js', 'src/{c}/{c}.routes.js', 'src/{c}/{c}.validator.js', 'tests/{c}/{c}.service.test.js'],
      docs: ['docs/architecture.md', 'docs/api.md', 'CHANGELOG.md'],
    }
    case 'typescript': return {
      root: ['package.json', 'tsconfig.json', 'README.md', '.gitignore', 'vite.config.ts', 'electron-builder.yml'],
      shared: ['src/main/main.ts', 'src/renderer/App.tsx', 'src/core/config/settings.ts', 'src/core/services/AuthService.ts', 'src/main/ipc/handlers.ts', 'src/main/windowManager.ts', 'src/renderer/index.tsx', 'src/renderer/store/appStore.ts', 'src/core/utils/logger.ts', 'src/shared/types.ts', 'assets/icons/icon.png', 'build/Info.plist', 'e2e/specs/app.spec.ts'],
      component: ['src/core/services/{C}Service.ts', 'src/core/domain/entities/{C}.ts', 'src/core/repositories/{C}Repository.ts', 'src/renderer/components/{C}Panel.tsx', 'src/renderer/hooks/use{C}.ts', 'src/core/services/__tests__/{C}Service.test.ts', 'e2e/specs/{k}.spec.ts'],
      docs: ['docs/architecture.md', 'docs/ipc-contracts.md', 'docs/development.md'],
    }
    case 'go': return {
      root: ['go.mod', 'Makefile', 'README.md', '.gitignore', 'Dockerfile', 'docker-compose.yml'],
      shared: [`cmd/${pkg}/main.go`, 'internal/config/config.go', 'internal/server/server.go', 'internal/auth/token.go', 'internal/server/router.go', 'internal/auth/middleware.go', 'pkg/logger/logger.go', 'pkg/errors/errors.go', 'configs/config.yaml', 'internal/server/server_test.go'],
      component: ['internal/{c}/service.go', 'internal/{c}/handler.go', 'internal/{c}/repository.go', 'internal/{c}/model.go', 'internal/{c}/service_test.go'],
      docs: ['docs/architecture.md', 'docs/api.md', 'api/openapi.yaml'],
    }
    case 'rust': return {
      root: ['Cargo.toml', 'README.md', '.gitignore', 'Dockerfile', 'rust-toolchain.toml', 'LICENSE'],
      shared: ['src/main.rs', 'src/lib.rs', 'src/config.rs', 'src/error.rs', 'src/auth/token.rs', 'src/auth/mod.rs', 'src/telemetry.rs', 'config/default.toml', 'config/production.toml', 'tests/common/mod.rs'],
      component: ['crates/{c}/src/service.rs', 'crates/{c}/src/lib.rs', 'crates/{c}/Cargo.toml', 'crates/{c}/src/handlers.rs', 'crates/{c}/src/models.rs', 'crates/{c}/src/repository.rs', 'tests/{c}_tests.rs'],
      docs: ['docs/architecture.md', 'docs/operations.md', 'CONTRIBUTING.md'],
    }
    case 'php': return {
      root: ['composer.json', 'README.md', '.gitignore', '.env.example', 'Dockerfile', 'phpunit.xml'],
      shared: ['public/index.php', 'src/Kernel.php', 'config/services.yaml', 'src/Security/TokenAuthenticator.php', 'config/packages/security.yaml', 'src/Security/PasswordHasher.php', 'config/routes.yaml', 'src/EventSubscriber/ExceptionSubscriber.php', 'src/Util/Slugger.php', 'migrations/Version20240101000000.php'],
      component: ['src/Service/{C}Service.php', 'src/Controller/{C}Controller.php', 'src/Entity/{C}.php', 'src/Repository/{C}Repository.php', 'src/Dto/{C}Input.php', 'templates/{c}/index.html.twig', 'tests/Unit/{C}ServiceTest.php'],
      docs: ['docs/architecture.md', 'docs/api.md'],
    }
  }
}

const expand = (template: string, c: string): string =>
  template.replaceAll('{c}', snake(c)).replaceAll('{C}', pascal(c)).replaceAll('{k}', kebab(c))

/** Relative paths (single `/`) of an LLM-style tree with exactly `count` files. */
function llmTree(rng: Rng, language: Language, names: TreeNames, components: string[], count: number): { rel: string; component: string }[] {
  const r = recipe(language, names)
  const rootCount = Math.min(r.root.length, Math.max(2, Math.round(count * 0.07) + 1))
  const sharedCount = Math.min(r.shared.length, Math.max(2, Math.round(count * 0.18)))
  const docsCount = Math.min(r.docs.length, Math.max(1, Math.round(count * 0.05)))
  const out: { rel: string; component: string }[] = []
  const seen = new Set<string>()
  const add = (rel: string, component: string) => {
    if (out.length < count && !seen.has(rel)) {
      seen.add(rel)
      out.push({ rel, component })
    }
  }
  for (const rel of r.root.slice(0, rootCount)) add(rel, '')
  for (const rel of r.shared.slice(0, sharedCount)) add(rel, '')
  const perComponent = (c: string) => {
    const picked = r.component.filter((_, i) => i < 2 || rng.chance(0.8))
    for (const t of picked) add(expand(t, c), c)
  }
  let docsAdded = false
  for (let i = 0; out.length < count; i++) {
    const c = i < components.length ? components[i] : `${components[i % components.length]}_${['sync', 'audit', 'export', 'admin', 'ops', 'v2'][Math.floor(i / components.length) - 1] ?? `x${i}`}`
    perComponent(c)
    if (!docsAdded) {
      for (const rel of r.docs.slice(0, docsCount)) add(rel, '')
      docsAdded = true
    }
    if (i > 400) break
  }
  return out
}

/** The fallback tree: 10 standard files + src/module_1..K, K = count − 10 (docs/locobench-format.md §8, layout C). */
function fallbackTree(language: Language, count: number): string[] {
  const x = FALLBACK_EXT[language]
  const files = [`src/utils${x}`, `src/config${x}`, `src/constants${x}`, `tests/test_main${x}`, `tests/test_utils${x}`, 'README.md',
    language === 'python' ? 'requirements.txt' : 'package.json', '.gitignore', 'Dockerfile', 'docs/api.md']
  for (let k = 1; k <= count - 10; k++) files.push(`src/module_${k}${x}`)
  return files
}

export interface TreeOptions {
  rng: Rng
  language: Language
  layout: Layout
  /** Wrapper folder for layout A. */
  root: string
  names: TreeNames
  components: string[]
  count: number
}

export function planTree(o: TreeOptions): PlannedFile[] {
  if (o.layout === 'C') {
    return fallbackTree(o.language, o.count).map((rel) => ({
      path: rel, disk: rel, ...classify(rel, o.language, true), module: moduleOf(rel), component: '',
    }))
  }
  const tree = llmTree(o.rng, o.language, o.names, o.components, o.count)
  // Off-language files occur (docs/locobench-format.md §10.7): a Python helper test in a C project, package.json in Rust.
  if (tree.length > 12 && o.rng.chance(0.08)) {
    const extra = o.language === 'rust' ? 'package.json' : `tests/helpers/${snake(o.components[0])}_fixture.py`
    if (!tree.some((f) => f.rel === extra)) tree[tree.length - 1] = { rel: extra, component: '' }
  }
  return tree.map(({ rel, component }) => {
    const disk = o.layout === 'A' ? `${o.root}/${rel}` : rel
    return { path: disk.split('/').join('//'), disk, ...classify(rel, o.language, false), module: moduleOf(rel), component }
  })
}

/** files[].type by the generator's substring rule on the lower-cased full path (docs/locobench-format.md §5). */
export function fileType(path: string): 'source' | 'test' | 'config' | 'documentation' {
  const p = path.toLowerCase()
  if (p.includes('test') || p.includes('spec') || p.includes('__test__')) return 'test'
  if (p.includes('config') || p.includes('settings') || p.includes('.env') || p.includes('package.json')) return 'config'
  if (p.includes('readme') || p.includes('doc') || p.includes('documentation')) return 'documentation'
  return 'source'
}
