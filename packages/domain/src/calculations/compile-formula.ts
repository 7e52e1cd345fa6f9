import type { CalculationValue } from '@ecc/contracts';
import { GWP_SETS, isGasId } from '../emissions/gwp.ts';
import { type CalculationDiagnostic } from './calculation-diagnostic.ts';
import { compileCall, gasProblem } from './calculation-functions.ts';
import { MAX_CALCULATION_CALL_DEPTH, MAX_EVALUATION_STEPS } from './calculation-limits.ts';
import { parseFormula } from './calculation-parser.ts';
import { numberArithmetic } from './number-arithmetic.ts';
import { Program, type CompiledStatement } from './calculation-program.ts';
import { ColumnProgram } from './column-program.ts';
import { compileRegisters } from './register-compiler.ts';
import { RegisterProgram } from './register-program.ts';
import type { CompiledFormula, CompileOptions } from './calculation-types.ts';
import {
  checkStaticType,
  CompileErrors,
  constantOf,
  folded,
  slotOf,
  type CompileContext,
} from './compile-context.ts';
import {
  areEqual,
  checkFinite,
  compareOrdered,
  expectBoolean,
  expectNumber,
  fail,
  type CompiledExpression,
} from './evaluation-values.ts';
import type {
  BinaryExpression,
  CalculationCall,
  Expression,
  Formula,
  SourceSpan,
  Statement,
  UnaryExpression,
} from './syntax-tree.ts';

function compileUnary(node: UnaryExpression, context: CompileContext): CompiledExpression {
  const operand = compileExpression(node.operand, context);
  const evaluate = operand.evaluate;
  const span = node.operand.span;
  const cost = operand.cost + 1;
  if (node.operator === 'not') {
    checkStaticType(context, operand, span, 'boolean', 'What NOT negates');
    return folded(
      {
        evaluate(frame) {
          return !expectBoolean(evaluate(frame), span, 'What NOT negates');
        },
        type: 'boolean',
        cost,
      },
      [operand],
    );
  }
  const role = node.operator === 'negate' ? "What '-' negates" : "What '+' applies to";
  checkStaticType(context, operand, span, 'number', role);
  const isNegation = node.operator === 'negate';
  return folded(
    {
      evaluate(frame) {
        const value = expectNumber(evaluate(frame), span, role);
        return isNegation ? -value : value;
      },
      type: 'number',
      cost,
    },
    [operand],
  );
}

/*
 * Each node's closure is written as a method (`evaluate(frame) { … }`), here and in calculation-functions.ts, not as
 * an arrow assigned to `evaluate`: tsx, which runs the server, compiles with esbuild's keepNames, which wraps every
 * arrow with an inferred name in an Object.defineProperty call, once per node (docs/performance.md).
 */

/** A value that must be a number: as it is, or the error naming its role at its place. */
function numberOf(value: CalculationValue, span: SourceSpan, role: string): number {
  return typeof value === 'number' ? value : expectNumber(value, span, role);
}

function compileArithmetic(
  node: BinaryExpression,
  left: CompiledExpression,
  right: CompiledExpression,
  context: CompileContext,
): CompiledExpression {
  const operator = node.operator;
  const leftRole = `The left side of '${operator}'`;
  const rightRole = `The right side of '${operator}'`;
  checkStaticType(context, left, node.left.span, 'number', leftRole);
  checkStaticType(context, right, node.right.span, 'number', rightRole);
  const l = left.evaluate;
  const r = right.evaluate;
  const leftSpan = node.left.span;
  const rightSpan = node.right.span;
  const cost = left.cost + right.cost + 1;
  const isChecked = left.type === 'number' && right.type === 'number';
  if (isChecked && (operator === '+' || operator === '-' || operator === '*')) {
    return folded({ evaluate: numberArithmetic(operator, left, right), type: 'number', cost }, [left, right]);
  }
  // The checks are written inline (a call less per operand); the left side is checked before the right one runs.
  switch (operator) {
    case '+':
      return folded(
        {
          evaluate(frame) {
            const a = l(frame);
            const first = typeof a === 'number' ? a : expectNumber(a, leftSpan, leftRole);
            const b = r(frame);
            return first + (typeof b === 'number' ? b : expectNumber(b, rightSpan, rightRole));
          },
          type: 'number',
          cost,
        },
        [left, right],
      );
    case '-':
      return folded(
        {
          evaluate(frame) {
            const a = l(frame);
            const first = typeof a === 'number' ? a : expectNumber(a, leftSpan, leftRole);
            const b = r(frame);
            return first - (typeof b === 'number' ? b : expectNumber(b, rightSpan, rightRole));
          },
          type: 'number',
          cost,
        },
        [left, right],
      );
    case '*':
      return folded(
        {
          evaluate(frame) {
            const a = l(frame);
            const first = typeof a === 'number' ? a : expectNumber(a, leftSpan, leftRole);
            const b = r(frame);
            return first * (typeof b === 'number' ? b : expectNumber(b, rightSpan, rightRole));
          },
          type: 'number',
          cost,
        },
        [left, right],
      );
    case '/':
      return folded(
        {
          evaluate(frame) {
            const dividend = numberOf(l(frame), leftSpan, leftRole);
            const divisor = numberOf(r(frame), rightSpan, rightRole);
            if (divisor === 0) fail(rightSpan, "Division by zero: the value after '/' is 0");
            return dividend / divisor;
          },
          type: 'number',
          cost,
        },
        [left, right],
      );
    default:
      return folded(
        {
          evaluate(frame) {
            return checkFinite(
              numberOf(l(frame), leftSpan, leftRole) ** numberOf(r(frame), rightSpan, rightRole),
              node.span,
              'This power',
            );
          },
          type: 'number',
          cost,
        },
        [left, right],
      );
  }
}

function compileBinary(node: BinaryExpression, context: CompileContext): CompiledExpression {
  const left = compileExpression(node.left, context);
  const right = compileExpression(node.right, context);
  const l = left.evaluate;
  const r = right.evaluate;
  const cost = left.cost + right.cost + 1;
  const span = node.operatorSpan;
  switch (node.operator) {
    case '+':
    case '-':
    case '*':
    case '/':
    case '^':
      return compileArithmetic(node, left, right, context);
    case 'AND':
    case 'OR': {
      const isAnd = node.operator === 'AND';
      const leftRole = `The left side of ${node.operator}`;
      const rightRole = `The right side of ${node.operator}`;
      checkStaticType(context, left, node.left.span, 'boolean', leftRole);
      checkStaticType(context, right, node.right.span, 'boolean', rightRole);
      return folded(
        {
          evaluate(frame) {
            const first = expectBoolean(l(frame), node.left.span, leftRole);
            if (first !== isAnd) return first;
            return expectBoolean(r(frame), node.right.span, rightRole);
          },
          type: 'boolean',
          cost,
        },
        [left, right],
      );
    }
    case '=':
    case '!=': {
      const isEqual = node.operator === '=';
      return folded(
        {
          evaluate(frame) {
            return areEqual(l(frame), r(frame), span) === isEqual;
          },
          type: 'boolean',
          cost,
        },
        [left, right],
      );
    }
    default: {
      // Two numbers are compared inline by their difference, as compareOrdered does (so an infinity mid-line
      // compares the same); anything else is ordered or refused there.
      switch (node.operator) {
        case '<':
          return folded(
            {
              evaluate(frame) {
                const a = l(frame);
                const b = r(frame);
                return typeof a === 'number' && typeof b === 'number'
                  ? a - b < 0
                  : compareOrdered(a, b, span) < 0;
              },
              type: 'boolean',
              cost,
            },
            [left, right],
          );
        case '<=':
          return folded(
            {
              evaluate(frame) {
                const a = l(frame);
                const b = r(frame);
                return typeof a === 'number' && typeof b === 'number'
                  ? a - b <= 0
                  : compareOrdered(a, b, span) <= 0;
              },
              type: 'boolean',
              cost,
            },
            [left, right],
          );
        case '>':
          return folded(
            {
              evaluate(frame) {
                const a = l(frame);
                const b = r(frame);
                return typeof a === 'number' && typeof b === 'number'
                  ? a - b > 0
                  : compareOrdered(a, b, span) > 0;
              },
              type: 'boolean',
              cost,
            },
            [left, right],
          );
        default:
          return folded(
            {
              evaluate(frame) {
                const a = l(frame);
                const b = r(frame);
                return typeof a === 'number' && typeof b === 'number'
                  ? a - b >= 0
                  : compareOrdered(a, b, span) >= 0;
              },
              type: 'boolean',
              cost,
            },
            [left, right],
          );
      }
    }
  }
}

function compileCalculationCall(node: CalculationCall, context: CompileContext): CompiledExpression {
  const args = node.arguments.map((argument) => ({
    ...argument,
    compiled: compileExpression(argument.value, context),
  }));
  const label = `#${node.name}${node.version === undefined ? '' : `@${node.version}`}`;
  const failed = constantOf(null);
  const source = context.options.calculations?.get(node.name, node.version);
  if (source === undefined) {
    context.errors.add(node.nameSpan, `Unknown calculation ${label}`);
    return failed;
  }
  if (context.callStack.includes(node.name)) {
    const cycle = [...context.callStack.slice(context.callStack.indexOf(node.name)), node.name].map(
      (name) => `#${name}`,
    );
    context.errors.add(node.nameSpan, `${label} calls itself: ${cycle.join(' → ')}`);
    return failed;
  }
  if (context.callStack.length >= MAX_CALCULATION_CALL_DEPTH) {
    context.errors.add(
      node.nameSpan,
      `Calculations call one another more than ${MAX_CALCULATION_CALL_DEPTH} deep here`,
    );
    return failed;
  }
  const cacheKey = `${node.name}@${source.version}`;
  let callee = context.compiledCallees.get(cacheKey);
  if (callee === undefined) {
    const parsed = parseFormula(source.formula);
    const compiled =
      parsed.errors.length > 0
        ? { errors: parsed.errors }
        : compileProgram(parsed.formula, context.options, {
            callStack: [...context.callStack, node.name],
            compiledCallees: context.compiledCallees,
          });
    const [problem] = compiled.errors;
    if (problem !== undefined || compiled.program === undefined) {
      context.errors.add(
        node.nameSpan,
        `${label} (version ${source.version}) has an error at line ${problem?.line ?? 1}, column ${problem?.column ?? 1}: ${problem?.message ?? 'it does not compile'}`,
      );
      return failed;
    }
    callee = compiled.program;
    context.compiledCallees.set(cacheKey, callee);
  }
  const program = callee;
  for (const argument of args) {
    if (!program.inputs.has(argument.name)) {
      const takes = [...program.inputs.keys()].map((name) => `${name}:`);
      context.errors.add(
        argument.nameSpan,
        `${label} has no parameter ${argument.name}: ${takes.length > 0 ? `it takes ${takes.join(', ')}` : 'it takes none'}`,
      );
    }
  }
  return {
    evaluate(frame) {
      const inputs = new Map<string, unknown>();
      for (const argument of args) inputs.set(argument.name, argument.compiled.evaluate(frame));
      const outcome = program.run(inputs, frame.budget, undefined);
      if (!outcome.isSuccess) {
        const [problem] = outcome.errors;
        return fail(
          node.span,
          `${label}, line ${problem?.line ?? 1}, column ${problem?.column ?? 1}: ${problem?.message ?? 'it failed'}`,
        );
      }
      return outcome.value;
    },
    type: 'any',
    cost: args.reduce((total, argument) => total + argument.compiled.cost, 1),
  };
}

function compileExpression(node: Expression, context: CompileContext): CompiledExpression {
  const compiled = compileNode(node, context);
  if (compiled.constant !== undefined) context.constants.set(node, compiled.constant.value);
  return compiled;
}

function compileNode(node: Expression, context: CompileContext): CompiledExpression {
  switch (node.kind) {
    case 'number':
    case 'string':
    case 'boolean':
      return constantOf(node.value);
    case 'null':
      return constantOf(null);
    case 'parameter': {
      const slot = slotOf(context, node.name);
      const setType = context.setTypes.get(node.name);
      if (setType !== undefined) {
        // A line above set it, so it holds a value (of this kind, when every set line gave the same kind).
        return {
          evaluate(frame) {
            return frame.slots[slot] as CalculationValue;
          },
          type: setType,
          cost: 1,
          ...(setType === 'number' ? { numberSlot: slot } : {}),
        };
      }
      if (!context.inputs.has(node.name)) context.inputs.set(node.name, node.span);
      const span = node.span;
      const name = node.name;
      return {
        evaluate(frame) {
          const value = frame.slots[slot];
          if (value === undefined) {
            return fail(span, `Unknown parameter :${name}: give it a value, or set it on a line above`);
          }
          return value;
        },
        type: 'any',
        cost: 1,
      };
    }
    case 'unary':
      return compileUnary(node, context);
    case 'binary':
      return compileBinary(node, context);
    case 'call':
      return compileCall(
        node,
        node.arguments.map((argument) => compileExpression(argument, context)),
        context,
      );
    default:
      return compileCalculationCall(node, context);
  }
}

interface LinkState {
  readonly callStack: readonly string[];
  readonly compiledCallees: Map<string, Program>;
}

function compileProgram(
  formula: Formula,
  options: CompileOptions,
  link: LinkState,
): { program?: Program; errors: readonly CalculationDiagnostic[] } {
  const context: CompileContext = {
    options,
    errors: new CompileErrors(),
    slots: new Map(),
    setTypes: new Map(),
    inputs: new Map(),
    callStack: link.callStack,
    compiledCallees: link.compiledCallees,
    constants: new Map(),
  };
  const gases: string[] = [];
  const statements: CompiledStatement[] = [];
  const code = formula.statements.filter(
    (statement): statement is Exclude<Statement, { kind: 'comment' }> => statement.kind !== 'comment',
  );
  const hasEmissions = code.some((statement) => statement.kind === 'emit');
  for (const statement of code) {
    const compiled = compileExpression(statement.value, context);
    const base = {
      line: statement.span.start.line,
      span: statement.span,
      evaluate: compiled.evaluate,
      cost: compiled.cost,
    };
    if (statement.kind === 'set') {
      const previous = context.setTypes.get(statement.name);
      context.setTypes.set(
        statement.name,
        previous === undefined || previous === compiled.type ? compiled.type : 'any',
      );
      statements.push({
        ...base,
        kind: 'set',
        slot: slotOf(context, statement.name),
        name: `:${statement.name}`,
        gasIndex: -1,
      });
    } else if (statement.kind === 'emit') {
      const problem = gasProblem(statement.gas);
      if (problem !== undefined) context.errors.add(statement.gasSpan, problem);
      checkStaticType(context, compiled, statement.value.span, 'number', 'The mass an EMIT line adds');
      let gasIndex = gases.indexOf(statement.gas);
      if (gasIndex < 0) gasIndex = gases.push(statement.gas) - 1;
      statements.push({ ...base, kind: 'emit', slot: -1, gasIndex });
    } else {
      if (hasEmissions) {
        context.errors.add(
          statement.span,
          'With EMIT lines the result is their CO2e, so this line would be lost: make it a set line or an EMIT',
        );
      }
      statements.push({ ...base, kind: 'expression', slot: -1, gasIndex: -1 });
    }
  }
  const last = code.at(-1);
  if (last === undefined) {
    context.errors.add(formula.span, 'The formula is empty: write at least one line that gives its result');
  } else if (!hasEmissions && last.kind !== 'expression') {
    context.errors.add(
      last.span,
      'The last line gives the result: end with an expression (or write EMIT lines), not a set line',
    );
  }
  if (context.errors.list.length > 0) return { errors: context.errors.list };
  const weights = GWP_SETS[options.gwp].values;
  const gasWeights = gases.map((gas) => (isGasId(gas) ? weights[gas] : 0));
  const cost = statements.reduce((total, statement) => total + statement.cost, 0);
  const program = new Program(
    statements,
    context.inputs,
    [...context.inputs].map(([name, span]) => [name, slotOf(context, name), span] as const),
    context.slots.size,
    gases,
    gasWeights,
    () => {
      const registerCode = compileRegisters({
        statements: code,
        constants: context.constants,
        inputs: [...context.inputs.keys()],
        gases,
      });
      return registerCode === undefined
        ? undefined
        : new RegisterProgram(registerCode, cost, gases, gasWeights);
    },
    () => {
      // A run over the step limit or with a TRUE/FALSE result is left to the runs one by one.
      if (cost > MAX_EVALUATION_STEPS) return undefined;
      const registerCode = compileRegisters({
        statements: code,
        constants: context.constants,
        inputs: [...context.inputs.keys()],
        gases,
        isBranchFree: true,
      });
      return registerCode === undefined || registerCode.isResultBoolean
        ? undefined
        : new ColumnProgram(registerCode, gases, gasWeights);
    },
  );
  return { program, errors: [] };
}

/**
 * Reads and compiles a formula (or its syntax tree) into closures: no `eval`, no `new Function`, so the strict
 * Content-Security-Policy holds in the browser too. Never throws: every problem is a diagnostic at its place.
 * What can be known before a run is checked here (functions, arity, types of literals, units, gases, factors,
 * datasets, other calculations and calls that loop back); the rest when the formula runs.
 */
export function compileFormula(source: string | Formula, options: CompileOptions): CompiledFormula {
  const parsed = typeof source === 'string' ? parseFormula(source) : { formula: source, errors: [] };
  if (parsed.errors.length > 0) return { formula: parsed.formula, errors: parsed.errors };
  const { program, errors } = compileProgram(parsed.formula, options, {
    callStack: [],
    compiledCallees: new Map(),
  });
  if (program === undefined)
    return { formula: parsed.formula, errors: [...errors].sort((a, b) => a.offset - b.offset) };
  const parameters = [...program.inputs.keys()];
  // One budget for every run of this calculation: a run never re-enters it (as its program's frame).
  const budget = { steps: 0 };
  return {
    formula: parsed.formula,
    errors: [],
    calculation: {
      parameters,
      hasEmissions: program.hasEmissions,
      evaluate: (inputs, evaluateOptions) => {
        budget.steps = 0;
        return program.run(inputs, budget, evaluateOptions?.trace === true ? [] : undefined);
      },
      evaluateValues: (values) => {
        budget.steps = 0;
        return program.runValues(values, budget, true);
      },
      evaluateColumns: (columns, count) =>
        program.runColumns(columns, count, (values) => {
          budget.steps = 0;
          return program.runValues(values, budget);
        }),
    },
  };
}
