package io.streamscope.replay;

import io.streamscope.replay.plan.Operator;
import io.streamscope.sparktypes.Row;

import java.util.ArrayList;
import java.util.List;

/** Row-by-row operators (filters and projections) applied to one row at a time. */
final class RowPipeline {

    private RowPipeline() {
    }

    /** The row after the operators, or null when a filter drops it. */
    static Row apply(List<Operator> operators, Row row) {
        Row current = row;
        for (Operator operator : operators) {
            if (operator instanceof Operator.Filter filter) {
                if (!Boolean.TRUE.equals(filter.condition().eval(current))) {
                    return null;
                }
            } else if (operator instanceof Operator.Project project) {
                Object[] values = new Object[project.columns().size()];
                for (int i = 0; i < values.length; i++) {
                    values[i] = project.columns().get(i).eval(current);
                }
                current = Row.adopt(project.output().schema(), values);
            } else if (!(operator instanceof Operator.Watermark)) {
                throw new IllegalStateException("not a row-by-row operator: " + operator);
            }
        }
        return current;
    }

    static List<Row> applyAll(List<Operator> operators, List<Row> rows) {
        List<Row> result = new ArrayList<>(rows.size());
        for (Row row : rows) {
            Row out = apply(operators, row);
            if (out != null) {
                result.add(out);
            }
        }
        return result;
    }
}
