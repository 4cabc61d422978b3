package io.streamscope.ui.state;

import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.checkpoint.state.ChangeMark;
import io.streamscope.checkpoint.state.StoreListings;
import io.streamscope.task.Work;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The state panel's pass over a checkpoint's last batch, as the window makes it (its table's budget that of this
 * JVM's heap), in a JVM of its own for {@link OnePartitionPassTest}: prints the rows counted, those kept and the
 * reader's problems, one per line.
 */
public final class StatePassInHeap {

    private StatePassInHeap() {
    }

    public static void main(String[] args) throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(Path.of(args[0]));
        long batch = checkpoint.batches().lastKey();
        StateSnapshotLoader.Loaded loaded = StateSnapshotLoader.stream(checkpoint, StoreChoice.of(checkpoint).get(0), batch,
                Optional.empty(), model -> { }, Work.NONE, new StoreListings(),
                StateRowStore.budgetFor(Runtime.getRuntime().maxMemory()), StateQuery.ALL);
        StateRowStore store = loaded.store();
        System.out.println("rows " + store.liveRows());
        System.out.println("updated " + store.count(ChangeMark.UPDATED));
        System.out.println("kept " + store.size());
        loaded.reader().problems().forEach(problem -> System.out.println("problem " + problem));
    }
}
