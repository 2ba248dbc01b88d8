/**
 * Work deferred until a transaction has committed: what must see the committed rows, or must not happen at all when
 * they roll back (a signal to a workflow about them). Tasks are kept per transaction object, as `sqlOf` and
 * `sqlWithin` open them: a savepoint's tasks join its parent's when it is released and are dropped when it rolls
 * back, so they run once, after the outermost transaction commits, and never after a rollback.
 */

type Task = () => Promise<void>;

/** A transaction's tasks by key, in the order first noted; a key noted again keeps its place and runs the latest. */
type Tasks = Map<string | symbol, Task>;

const pending = new WeakMap<object, Tasks>();

/**
 * Runs `task` once the outermost transaction around `transaction` has committed, or at once without a transaction.
 * Tasks with the same `key` in one transaction run once (the last one noted). The caller of that transaction's
 * `transactional` waits for its tasks and sees a task's failure; a task that must not fail it catches its own errors.
 */
export async function afterCommit(
  transaction: object | undefined,
  task: Task,
  options: { key?: string } = {},
): Promise<void> {
  if (transaction === undefined) return task();
  const tasks = pending.get(transaction);
  if (tasks === undefined) throw new Error('afterCommit: the transaction was not opened through sqlOf or sqlWithin');
  tasks.set(options.key ?? Symbol('task'), task);
}

/** `begin` opens a transaction of its own: `work` runs in it, then, once it has committed, the tasks noted in it. */
export async function withCommitTasks<T, Transaction extends object>(
  begin: (work: (transaction: Transaction) => Promise<T>) => Promise<T>,
  work: (transaction: Transaction) => Promise<T>,
): Promise<T> {
  const tasks: Tasks = new Map();
  const result = await begin((transaction) => {
    pending.set(transaction, tasks);
    return work(transaction);
  });
  await runTasks(tasks);
  return result;
}

/** `begin` opens a savepoint of `parent`: the tasks noted in it become the parent's once it is released. */
export async function withSavepointTasks<T, Transaction extends object>(
  parent: object,
  begin: (work: (savepoint: Transaction) => Promise<T>) => Promise<T>,
  work: (savepoint: Transaction) => Promise<T>,
): Promise<T> {
  const parentTasks = pending.get(parent);
  if (parentTasks === undefined) throw new Error('sqlWithin: the outer transaction was not opened through sqlOf');
  const tasks: Tasks = new Map();
  const result = await begin((savepoint) => {
    pending.set(savepoint, tasks);
    return work(savepoint);
  });
  for (const [key, task] of tasks) parentTasks.set(key, task);
  return result;
}

/** Every task runs, even after one fails; the first failure is then thrown. */
async function runTasks(tasks: Tasks): Promise<void> {
  const failures: unknown[] = [];
  for (const task of tasks.values()) {
    try {
      await task();
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw failures[0];
}
