# Totals per customer, update mode, on the RocksDB state store with changelog checkpointing.
from pyspark.sql import SparkSession
from pyspark.sql.functions import col, from_json

spark = (SparkSession.builder
         .appName("shop-totals-rocksdb")
         .getOrCreate())
spark.conf.set("spark.sql.shuffle.partitions", "2")
spark.conf.set("spark.sql.streaming.stateStore.providerClass",
               "org.apache.spark.sql.execution.streaming.state.RocksDBStateStoreProvider")
spark.conf.set("spark.sql.streaming.stateStore.rocksdb.changelogCheckpointing.enabled", "true")

schema = "order_id INT, customer_id INT, amount DECIMAL(10,2), order_ts TIMESTAMP"

raw = (spark.readStream
       .format("kafka")
       .option("kafka.bootstrap.servers", "localhost:9092")
       .option("subscribe", "orders")
       .option("startingOffsets", "earliest")
       .load())

orders = (raw.select(from_json(col("value").cast("string"), schema).alias("o"))
          .select("o.*"))

totals = (orders.groupBy("customer_id")
          .sum("amount")
          .withColumnRenamed("sum(amount)", "total"))


def save(batch_df, batch_id):
    rows = batch_df.toJSON().collect()
    print(f"batch {batch_id}: {rows}")


query = (totals.writeStream
         .outputMode("update")
         .foreachBatch(save)
         .option("checkpointLocation", "/tmp/checkpoints/shop-totals-rocksdb")
         .trigger(availableNow=True)
         .start())
query.awaitTermination()
