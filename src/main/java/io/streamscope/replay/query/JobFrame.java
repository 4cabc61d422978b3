package io.streamscope.replay.query;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A DataFrame of a job: where its rows come from ({@link Root}) and the operations applied after, in order.
 *
 * @param root     a stream read, a union or a join
 * @param steps    the operations after the root
 * @param userCode the first operation the replay cannot run (user code), if any: {@code steps} stop before it
 */
public record JobFrame(Root root, List<Step> steps, Optional<UserCode> userCode) {

    public JobFrame {
        steps = List.copyOf(steps);
    }

    public static JobFrame of(Root root) {
        return new JobFrame(root, List.of(), Optional.empty());
    }

    /** This frame with one more operation (ignored after user code: what follows it depends on it). */
    public JobFrame then(Step step) {
        if (userCode.isPresent()) {
            return this;
        }
        List<Step> more = new ArrayList<>(steps);
        more.add(step);
        return new JobFrame(root, more, userCode);
    }

    public JobFrame cut(UserCode code) {
        return userCode.isPresent() ? this : new JobFrame(root, steps, Optional.of(code));
    }

    /**
     * The streams read, left to right: the order Spark numbers the checkpoint's sources in. A stream a union reads
     * twice is one source; the two sides of a self-join are two (Spark gives the right side a new instance).
     */
    /** {@code left.union(right)}: a chain of unions of the same kind is one union of all its inputs. */
    public static JobFrame union(JobFrame left, JobFrame right, boolean byName, int position) {
        List<JobFrame> inputs = new ArrayList<>();
        if (left.root() instanceof JobFrame.Root.Union union && union.byName() == byName && left.steps().isEmpty()
                && left.userCode().isEmpty()) {
            inputs.addAll(union.inputs());
        } else {
            inputs.add(left);
        }
        inputs.add(right);
        return JobFrame.of(new JobFrame.Root.Union(inputs, byName, position));
    }

    public List<JobStream> streams() {
        List<JobStream> streams = new ArrayList<>();
        collect(this, streams);
        return streams;
    }

    private static void collect(JobFrame frame, List<JobStream> into) {
        if (frame.root() instanceof Root.Read read) {
            if (!into.contains(read.stream())) {
                into.add(read.stream());
            }
        } else if (frame.root() instanceof Root.Union union) {
            union.inputs().forEach(input -> collect(input, into));
        } else if (frame.root() instanceof Root.Join join) {
            collect(join.left(), into);
            List<JobStream> right = new ArrayList<>();
            collect(join.right(), right);
            into.addAll(right); // never merged with the left side's
        }
    }

    /** Where the rows of a frame come from. */
    public sealed interface Root {

        int position();

        /** A stream read; its steps start from the source's columns ({@code key}, {@code value}, … for Kafka). */
        record Read(JobStream stream, int position) implements Root {
        }

        /** {@code union} (by position) or {@code unionByName} of two or more frames. */
        record Union(List<JobFrame> inputs, boolean byName, int position) implements Root {
            public Union {
                inputs = List.copyOf(inputs);
            }
        }

        /**
         * {@code left.join(right, on, how)}.
         *
         * @param leftQualifier  what the left side's columns are qualified with: its alias, else its variable's name
         * @param rightQualifier the same for the right side
         * @param usingColumns   the columns of {@code on} given as names (empty when a condition is given)
         * @param condition      the condition, when {@code on} is a column expression; its columns qualified
         *                       ({@code o.order_id})
         * @param how            the join type as written ({@code inner} when not given)
         */
        record Join(JobFrame left, JobFrame right, String leftQualifier, String rightQualifier,
                    List<String> usingColumns, Optional<Expr> condition, String how, int position) implements Root {
            public Join {
                usingColumns = List.copyOf(usingColumns);
            }
        }
    }

    /** An operation that runs the user's own code ({@code applyInPandasWithState}, a UDF, …), where it is written. */
    public record UserCode(String what, int position) {
    }
}
