package io.streamscope.replay.plan;

import io.streamscope.replay.query.Expr;
import io.streamscope.replay.query.Exprs;
import io.streamscope.replay.query.QueryException;
import io.streamscope.sql.SparkType;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Resolves column names against a schema the way Spark does by default ({@code spark.sql.caseSensitive=false}):
 * {@code col("Amount")} is the column {@code amount}, and it is named {@code amount} in results.
 */
public final class Resolver {

    private Resolver() {
    }

    /** The expression with every column reference spelt as the schema spells it. */
    public static Expr resolve(Expr expr, SparkType.Struct schema, String query) throws QueryException {
        List<QueryException> failures = new ArrayList<>();
        Expr resolved = Exprs.transform(expr, node -> {
            if (node instanceof Expr.ColumnRef ref && failures.isEmpty()) {
                try {
                    return new Expr.ColumnRef(column(ref.name(), ref.position(), schema, query), ref.position());
                } catch (QueryException e) {
                    failures.add(e);
                }
            }
            return node;
        });
        if (!failures.isEmpty()) {
            throw failures.get(0);
        }
        return resolved;
    }

    /** The schema's spelling of {@code name}, or Spark's {@code UNRESOLVED_COLUMN} error. */
    public static String column(String name, int position, SparkType.Struct schema, String query) throws QueryException {
        if (schema.indexOf(name) >= 0) {
            return name;
        }
        List<String> matches = schema.fields().stream().map(SparkType.Field::name)
                .filter(field -> field.equalsIgnoreCase(name)).toList();
        if (matches.size() == 1) {
            return matches.get(0);
        }
        if (matches.size() > 1) {
            throw new QueryException("[AMBIGUOUS_REFERENCE] Reference `" + name + "` is ambiguous, could be: "
                    + matches.stream().map(m -> "`" + m + "`").collect(Collectors.joining(", ")) + ".", query, position);
        }
        String suggestions = schema.fields().stream().map(SparkType.Field::name)
                .sorted(Comparator.comparingInt((String field) -> distance(field.toLowerCase(Locale.ROOT),
                        name.toLowerCase(Locale.ROOT))).thenComparing(Comparator.naturalOrder()))
                .map(field -> "`" + field + "`").collect(Collectors.joining(", "));
        throw new QueryException("[UNRESOLVED_COLUMN.WITH_SUGGESTION] A column, variable, or function parameter with "
                + "name `" + name + "` cannot be resolved. Did you mean one of the following? [" + suggestions + "].",
                query, position);
    }

    private static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                current[j] = Math.min(Math.min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
