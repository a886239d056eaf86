/**
 * The report's sandbox line: which layers of isolation model code ran behind, and which
 * the machine lacked and why (docs/design/sandbox.md, "Layers"). Records keep only the ids
 * of the missing layers; the names and reasons are fixed text here.
 */
import type { ReportLanguage } from './languages.ts';

/** Every layer, in the order the line lists them. */
export const SANDBOX_LAYERS = [
  'bridge-cut',
  'permission-model',
  'no-workers',
  'process-apis-removed',
  'supervisor',
  'memory-watch',
  'network-namespace',
  'pid-namespace',
  'node-network-denied',
  'parent-death-signal',
  'data-limit',
] as const;

const NAMES: Record<ReportLanguage, Record<string, string>> = {
  en: {
    'bridge-cut': 'Python cut off from JavaScript',
    'permission-model': "Node's permission model",
    'no-workers': 'no worker threads',
    'process-apis-removed': 'signals and built-in modules removed',
    supervisor: 'a supervisor outside',
    'memory-watch': 'a 1 GiB memory cap',
    'network-namespace': 'a network namespace',
    'pid-namespace': 'a PID namespace',
    'node-network-denied': 'network denied by Node',
    'parent-death-signal': 'a parent-death signal',
    'data-limit': 'a data-segment limit',
  },
  ja: {
    'bridge-cut': 'Python から JavaScript への経路の遮断',
    'permission-model': 'Node のパーミッションモデル',
    'no-workers': 'ワーカースレッドなし',
    'process-apis-removed': 'シグナルと組み込みモジュールの除去',
    supervisor: '外部の監視プロセス',
    'memory-watch': '1 GiB のメモリ上限',
    'network-namespace': 'ネットワーク名前空間',
    'pid-namespace': 'PID 名前空間',
    'node-network-denied': 'Node によるネットワーク拒否',
    'parent-death-signal': '親プロセス終了時のシグナル',
    'data-limit': 'データセグメントの上限',
  },
};

const WHY: Record<ReportLanguage, Record<string, string>> = {
  en: {
    namespaces:
      "user namespaces are not permitted on this runner (GitHub's ubuntu-24.04 images restrict them; `sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0` in an earlier step allows them)",
    'node-network-denied':
      "this Node's permission model does not restrict the network (`EVALGATE_SANDBOX_NODE` can name a Node 25 or later)",
    'parent-death-signal': "util-linux's setpriv is not available",
    'data-limit': "util-linux's prlimit is not available",
    'memory-watch': 'there is no /proc to read memory from',
    other: 'not available here',
    network:
      'with neither a network namespace nor Node denying it, only the layers before them keep model code off the network.',
  },
  ja: {
    namespaces:
      'このランナーではユーザー名前空間が許可されていません（GitHub の ubuntu-24.04 イメージは制限しています。前のステップで `sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0` を実行すると使えます）',
    'node-network-denied':
      'この Node のパーミッションモデルはネットワークを制限しません（`EVALGATE_SANDBOX_NODE` に Node 25 以降を指定できます）',
    'parent-death-signal': 'util-linux の setpriv がありません',
    'data-limit': 'util-linux の prlimit がありません',
    'memory-watch': 'メモリを読む /proc がありません',
    other: 'この環境では使えません',
    network:
      'ネットワーク名前空間も Node による拒否もないため、モデルのコードをネットワークから遠ざけているのはその前の層だけです。',
  },
};

/**
 * The sandbox line for records that ran with these layers missing (the union over the
 * records), or null when no record says (another executor, or an older result file).
 */
export function sandboxLine(missing: readonly string[] | null, language: ReportLanguage): string | null {
  if (missing === null) return null;
  const names = NAMES[language];
  const why = WHY[language];
  const gone = new Set(missing);
  const active = SANDBOX_LAYERS.filter((l) => !gone.has(l));
  const name = (l: string): string => names[l] ?? l;
  const reasons: string[] = [];
  const namespaces = ['network-namespace', 'pid-namespace'].filter((l) => gone.has(l));
  if (namespaces.length > 0)
    reasons.push(`${namespaces.map(name).join(language === 'ja' ? 'と' : ' and ')} — ${why['namespaces']}`);
  for (const l of missing) if (!namespaces.includes(l)) reasons.push(`${name(l)} — ${why[l] ?? why['other']}`);
  const network = gone.has('network-namespace') && gone.has('node-network-denied');
  if (language === 'ja')
    return `サンドボックス：${SANDBOX_LAYERS.length} 層のうち ${active.length} 層が有効（${active.map(name).join('、')}）。${
      reasons.length > 0 ? `無効：${reasons.join('；')}。` : ''
    }${network ? why['network'] : ''}`;
  return `Sandbox: ${active.length} of ${SANDBOX_LAYERS.length} layers active (${active.map(name).join(', ')}).${
    reasons.length > 0 ? ` Missing: ${reasons.join('; ')}.` : ''
  }${network ? ` Note: ${why['network']}` : ''}`;
}

/** The union of the missing layers the records name, or null when none names any. */
export function missingLayersOf(details: readonly (Record<string, unknown> | null | undefined)[]): string[] | null {
  let seen = false;
  const out = new Set<string>();
  for (const d of details) {
    const m = d?.['sandboxMissing'];
    if (!Array.isArray(m)) continue;
    seen = true;
    for (const l of m) if (typeof l === 'string') out.add(l);
  }
  // A result file is read back as written by anyone: only known ids are shown.
  return seen ? SANDBOX_LAYERS.filter((l) => out.has(l)) : null;
}
