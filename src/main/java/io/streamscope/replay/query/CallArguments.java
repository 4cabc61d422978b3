package io.streamscope.replay.query;

import io.streamscope.sparktypes.SparkType;

import java.util.List;

/** The arguments of a function or Column method, checked for what it takes: errors point at the argument. */
final class CallArguments {

    private final Tokens tokens;

    CallArguments(Tokens tokens) {
        this.tokens = tokens;
    }

    /** The string argument at {@code index}. */
    String string(Token method, List<Arg> args, int index) throws QueryException {
        requireCount(method, args, index + 1);
        if (args.get(index) instanceof Arg.Str s) {
            return s.value();
        }
        throw tokens.error(method.value() + "(…) takes a string here", args.get(index).position());
    }

    /** The column argument at {@code index}; a string there is a string literal. */
    Expr column(Token method, List<Arg> args, int index) throws QueryException {
        requireCount(method, args, index + 1);
        Arg arg = args.get(index);
        if (arg instanceof Arg.Column column) {
            return column.expr();
        }
        if (arg instanceof Arg.Str s) {
            return new Expr.Literal(s.value(), SparkType.Atomic.STRING, s.position());
        }
        throw tokens.error(method.value() + "(…) takes a column here", arg.position());
    }

    /** At least {@code needed} arguments, none of them by keyword. */
    void requireCount(Token method, List<Arg> args, int needed) throws QueryException {
        if (args.size() < needed) {
            throw tokens.error(method.value() + "(…) needs " + needed + " argument" + (needed == 1 ? "" : "s"), method);
        }
        for (Arg arg : args) {
            if (arg instanceof Arg.Keyword keyword) {
                throw tokens.error("keyword arguments are not supported here", keyword.name());
            }
        }
    }
}
