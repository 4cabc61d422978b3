# Customer activity with transformWithState on RocksDB, state rows as unsaferow.
# The StatefulProcessor is user code: Streamscope reads its state but does not run it.
from pyspark.sql import SparkSession
from pyspark.sql.functions import col, from_json
from pyspark.sql.streaming import StatefulProcessor, StatefulProcessorHandle

spark = SparkSession.builder.appName("shop-tws").getOrCreate()
spark.conf.set("spark.sql.shuffle.partitions", "2")
spark.conf.set("spark.sql.streaming.stateStore.providerClass",
               "org.apache.spark.sql.execution.streaming.state.RocksDBStateStoreProvider")
spark.conf.set("spark.sql.streaming.stateStore.rocksdb.changelogCheckpointing.enabled", "true")
spark.conf.set("spark.sql.streaming.stateStore.encodingFormat", "unsaferow")

schema = "order_id INT, customer_id INT, amount DECIMAL(10,2), order_ts TIMESTAMP"

orders = (spark.readStream
          .format("kafka")
          .option("kafka.bootstrap.servers", "localhost:9092")
          .option("subscribe", "orders")
          .option("startingOffsets", "earliest")
          .load()
          .select(from_json(col("value").cast("string"), schema).alias("o"))
          .select("o.*"))


class CustomerActivityProcessor(StatefulProcessor):
    def init(self, handle: StatefulProcessorHandle) -> None:
        self.handle = handle
        self.total_cents = handle.getValueState("totalCents", "value BIGINT")
        self.recent_order_ids = handle.getListState("recentOrderIds", "value INT")
        self.orders_per_hour = handle.getMapState("ordersPerHour", "key STRING", "value BIGINT", 30 * 24 * 3600 * 1000)
        self.last_order = handle.getValueState("lastOrder", "amountCents BIGINT, orderId INT, orderTs TIMESTAMP",
                                               30 * 24 * 3600 * 1000)

    def handleInputRows(self, key, rows, timerValues):
        ...

    def close(self) -> None:
        pass


activity = (orders.groupBy("customer_id")
            .transformWithStateInPandas(
                statefulProcessor=CustomerActivityProcessor(),
                outputStructType="customer_id INT, total_cents BIGINT, recent_order_ids ARRAY<INT>, "
                                 "orders_this_hour BIGINT, last_order_id INT",
                outputMode="Update",
                timeMode="ProcessingTime"))

query = (activity.writeStream
         .outputMode("update")
         .format("console")
         .option("checkpointLocation", "/tmp/checkpoints/shop-tws")
         .trigger(availableNow=True)
         .start())
query.awaitTermination()
